package org.wirebench.formats.raster;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * The folder a tile cache keeps its tiles in, owned by one cache at a time by a lock on its {@value
 * TileCacheRenderer#LOCK_FILE}: another cache finding it held (another server on the machine) works
 * in a private folder beside it, deleted at {@link #close}, and private folders that no live cache
 * holds (a killed server's) are deleted when the folder is taken.
 */
final class TileFolder implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(TileFolder.class.getName());

  private final Path directory;
  private final boolean privateFolder;
  private final FileChannel lockChannel;
  private final FileLock lock;
  private final boolean trusted;
  private boolean closed;

  TileFolder(Path directory) {
    Path wanted = directory;
    FileChannel channel = null;
    FileLock held = null;
    boolean taken = false;
    String notOurs = null;
    try {
      Files.createDirectories(directory);
      notOurs = notOurs(directory);
      if (notOurs != null) {
        throw new IOException(notOurs);
      }
      channel = lockChannel(directory);
      held = tryLock(channel);
      if (held != null) {
        deleteAbandoned(directory);
        deleteParts(directory);
      } else {
        channel.close();
        channel = null;
        taken = true;
        wanted =
            Files.createTempDirectory(
                directory.toAbsolutePath().getParent(), directory.getFileName() + "-private-");
        channel = lockChannel(wanted);
        held = tryLock(channel);
        LOG.log(
            System.Logger.Level.INFO,
            "tile cache {0} is in use by another server; this one keeps its tiles in {1}",
            directory,
            wanted);
      }
    } catch (IOException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "cannot use {0} as a tile cache ({1}); tiles are drawn for each map and not kept",
          wanted,
          e.toString());
      closeQuietly(channel);
      channel = null;
      held = null;
    }
    this.directory = wanted;
    this.privateFolder = taken && channel != null;
    this.lockChannel = channel;
    this.lock = held;
    this.trusted = notOurs == null;
  }

  /**
   * Whether tiles may be read from and kept in {@link #directory}: false for a folder another user
   * could have filled ({@link #notOurs}), whose maps are drawn for each request.
   */
  boolean trusted() {
    return trusted;
  }

  /** The mode bit that lets users other than the owner and its group write a folder. */
  private static final int OTHERS_WRITE = 0002;

  /** The sticky bit: in such a folder (/tmp) only an entry's owner may rename or delete it. */
  private static final int STICKY = 01000;

  /**
   * Why {@code directory} is no folder to trust tiles from, or null: it, or the folder it is in, is
   * another user's (or a link another user made), or may be written by any user, save a folder in
   * which only an entry's owner may replace it (/tmp) as the one it is in. The default root's name
   * is known to every user of the machine: another who made it first, open to all or a link to a
   * folder of theirs, chose the tiles this cache would serve. A file system without Unix owners is
   * not checked.
   */
  static String notOurs(Path directory) throws IOException {
    Object me;
    try {
      me = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return null;
    }
    Path dir = directory.toAbsolutePath().normalize();
    List<Path> checked = dir.getParent() == null ? List.of(dir) : List.of(dir, dir.getParent());
    for (Path p : checked) {
      if (Files.isSymbolicLink(p)) {
        Object maker = Files.getAttribute(p, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        if (!maker.equals(me)) {
          return p + " is a link another user made (uid " + maker + ")";
        }
      }
      Object owner = Files.getAttribute(p, "unix:uid");
      int mode = (Integer) Files.getAttribute(p, "unix:mode");
      boolean shared = (mode & OTHERS_WRITE) != 0;
      if (p != dir && shared && (mode & STICKY) != 0) {
        continue; // as /tmp: others may add entries to it, never replace this one
      }
      if (!owner.equals(me)) {
        return p + " belongs to another user (uid " + owner + ")";
      }
      if (shared) {
        return p + " may be written by any user";
      }
    }
    return null;
  }

  /**
   * Deletes the private folders beside {@code directory} that no live renderer holds: those of
   * servers killed before they could delete their own.
   */
  private static void deleteAbandoned(Path directory) {
    Path parent = directory.toAbsolutePath().getParent();
    try (var siblings = Files.newDirectoryStream(parent, directory.getFileName() + "-private-*")) {
      for (Path folder : siblings) {
        try (FileChannel channel = lockChannel(folder)) {
          FileLock free = tryLock(channel);
          if (free != null) {
            deleteTree(folder);
            LOG.log(System.Logger.Level.INFO, "deleted an abandoned tile cache {0}", folder);
          }
        } catch (IOException e) {
          LOG.log(System.Logger.Level.WARNING, "cannot delete {0}: {1}", folder, e.toString());
        }
      }
    } catch (IOException e) {
      LOG.log(System.Logger.Level.WARNING, "cannot list {0}: {1}", parent, e.toString());
    }
  }

  /**
   * Deletes the tiles a killed owner of {@code directory} left half-written ({@code tile*.part}):
   * only the folder's owner writes them, and this cache owns it now. Left, they would stay for
   * good, one for each server killed while it wrote a tile.
   */
  private static void deleteParts(Path directory) {
    try (var files = Files.walk(directory)) {
      for (Path f : files.toList()) {
        String n = f.getFileName().toString();
        if (n.startsWith(TileCacheRenderer.PART_PREFIX)
            && n.endsWith(TileCacheRenderer.PART_SUFFIX)
            && Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          Files.deleteIfExists(f);
        }
      }
    } catch (IOException | java.io.UncheckedIOException e) {
      LOG.log(System.Logger.Level.WARNING, "cannot clear {0}: {1}", directory, e.toString());
    }
  }

  /**
   * Deletes {@code folder} and what it holds. Another process may be deleting the same folder (its
   * owner closing while a new cache clears it as abandoned): what vanishes meanwhile is gone, not
   * an error.
   */
  static void deleteTree(Path folder) throws IOException {
    Files.walkFileTree(
        folder,
        new SimpleFileVisitor<>() {
          @Override
          public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
              throws IOException {
            Files.deleteIfExists(file);
            return FileVisitResult.CONTINUE;
          }

          @Override
          public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
            if (e instanceof NoSuchFileException) {
              return FileVisitResult.CONTINUE;
            }
            throw e;
          }

          @Override
          public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
            if (e != null && !(e instanceof NoSuchFileException)) {
              throw e;
            }
            Files.deleteIfExists(dir);
            return FileVisitResult.CONTINUE;
          }
        });
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException ignored) {
        // it held no lock
      }
    }
  }

  private static FileChannel lockChannel(Path folder) throws IOException {
    return FileChannel.open(
        folder.resolve(TileCacheRenderer.LOCK_FILE),
        StandardOpenOption.CREATE,
        StandardOpenOption.WRITE);
  }

  /** The lock, or null when another process or another renderer in this JVM holds it. */
  private static FileLock tryLock(FileChannel channel) throws IOException {
    try {
      return channel.tryLock();
    } catch (OverlappingFileLockException inThisJvm) {
      return null;
    }
  }

  /** The folder the tiles are kept in: the one asked for, or a private one when that was taken. */
  Path directory() {
    return directory;
  }

  /** Lets the folder go; a private one is deleted. Closing again does nothing. */
  @Override
  public synchronized void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (lock != null) {
        lock.release();
      }
    } finally {
      closeQuietly(lockChannel);
    }
    if (privateFolder) {
      deleteTree(directory);
    }
  }
}
