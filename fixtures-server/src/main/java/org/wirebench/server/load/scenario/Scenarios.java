package org.wirebench.server.load.scenario;

import java.util.List;
import org.wirebench.formats.registry.Registry;

/** Every load scenario on the class path, by name, in registration order. */
public final class Scenarios {
  private static final Registry<Scenario> REGISTRY =
      Registry.load(Scenario.class, "load scenario", Scenario::name);

  private Scenarios() {}

  /**
   * @throws org.wirebench.formats.registry.UnknownNameException naming the valid ones
   */
  public static Scenario get(String name) {
    return REGISTRY.get(name);
  }

  public static List<String> names() {
    return REGISTRY.names();
  }

  public static java.util.Collection<Scenario> all() {
    return REGISTRY.all();
  }

  /**
   * What the suite's {@code --load all} runs: every scenario but those that set up their own host
   * ({@link SelfRunningScenario}: root, namespaces), which run only when named.
   */
  public static List<String> suiteDefaults() {
    return names().stream().filter(n -> !(get(n) instanceof SelfRunningScenario)).toList();
  }

  /** For picocli's completion candidates and "valid: ..." in help texts. */
  public static final class Names implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return names().iterator();
    }
  }
}
