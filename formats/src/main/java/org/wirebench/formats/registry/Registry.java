package org.wirebench.formats.registry;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Function;

/**
 * Named plug-ins of one kind (codecs, datasets), in registration order. Two plug-ins with the same
 * name are an error, so a consumer's codec can never silently replace a built-in.
 */
public final class Registry<T> {
  private final String kind;
  private final Map<String, T> byName;

  private Registry(String kind, Map<String, T> byName) {
    this.kind = kind;
    this.byName = Collections.unmodifiableMap(byName);
  }

  /** Everything registered through {@link ServiceLoader} for {@code type}. */
  public static <T> Registry<T> load(Class<T> type, String kind, Function<T, String> name) {
    ServiceLoader<T> loader = ServiceLoader.load(type, Registry.class.getClassLoader());
    return of(kind, loader.stream().map(ServiceLoader.Provider::get).toList(), name);
  }

  /** An explicit registry; rejects duplicate and blank names. */
  public static <T> Registry<T> of(String kind, List<T> items, Function<T, String> name) {
    Map<String, T> byName = new LinkedHashMap<>();
    for (T item : items) {
      String n = name.apply(item);
      if (n == null || n.isBlank()) {
        throw new IllegalStateException(kind + " " + item.getClass().getName() + " has no name");
      }
      T previous = byName.putIfAbsent(n, item);
      if (previous != null) {
        throw new IllegalStateException(
            "two "
                + kind
                + "s are named '"
                + n
                + "': "
                + previous.getClass().getName()
                + " and "
                + item.getClass().getName());
      }
    }
    return new Registry<>(kind, byName);
  }

  /**
   * The plug-in with this name.
   *
   * @throws UnknownNameException naming the valid names
   */
  public T get(String name) {
    T item = byName.get(name);
    if (item == null) {
      throw new UnknownNameException(kind, name, byName.keySet());
    }
    return item;
  }

  public Collection<T> all() {
    return byName.values();
  }

  public List<String> names() {
    return List.copyOf(byName.keySet());
  }
}
