package org.wirebench.server;

import picocli.CommandLine.IVersionProvider;

/**
 * What {@code --version} prints, for the whole command line and each of its commands: picocli gives
 * a command's {@code -V} nothing to print unless the command names a version itself.
 */
public final class CliVersion implements IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {"wirebench 0.1.0"};
  }
}
