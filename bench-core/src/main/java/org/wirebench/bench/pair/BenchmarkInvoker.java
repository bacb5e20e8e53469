package org.wirebench.bench.pair;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.wirebench.bench.OperationCycle;

/**
 * One JMH benchmark method made callable outside JMH, with the same inputs JMH would give it: the
 * benchmark's {@code @Param} fields set, then every {@code @State} the method or a setup asks for
 * created once and set up ({@code @Setup(Level.Trial)}, superclasses first) — so the paired
 * measurement times exactly the code, validation included, that JMH times. Only trial-level setups
 * are supported: a benchmark with iteration or invocation setups, or a Blackhole parameter, is
 * refused rather than run differently from JMH.
 */
final class BenchmarkInvoker {
  /** The timed call: the benchmark method with its states bound; returns what it returned. */
  interface Op {
    Object call() throws Throwable;
  }

  private final Map<Class<?>, Object> states = new HashMap<>();

  private BenchmarkInvoker() {}

  /**
   * @param benchmark "fully.qualified.Class.method"
   * @param params the {@code @Param} values by field name; each must exist
   */
  static Op prepare(String benchmark, Map<String, String> params) throws Exception {
    int dot = benchmark.lastIndexOf('.');
    Class<?> type = Class.forName(benchmark.substring(0, dot));
    String methodName = benchmark.substring(dot + 1);
    BenchmarkInvoker invoker = new BenchmarkInvoker();
    Object instance = type.getDeclaredConstructor().newInstance();
    setParams(type, instance, params);
    invoker.states.put(type, instance);
    invoker.setUp(type, instance);
    Method method = benchmarkMethod(type, methodName);
    Object[] args = invoker.arguments(method);
    MethodHandle handle = MethodHandles.publicLookup().unreflect(method).bindTo(instance);
    if (args.length > 0) {
      handle = MethodHandles.insertArguments(handle, 0, args);
    }
    MethodHandle call = handle.asType(MethodType.methodType(Object.class));
    return () -> (Object) call.invokeExact();
  }

  /**
   * Calls a cycle of the benchmark's operations, as its {@link OperationCycle} says; 1 when its
   * calls are alike.
   *
   * @param benchmark "fully.qualified.Class.method"
   */
  static int cycleOf(String benchmark) throws ClassNotFoundException {
    int dot = benchmark.lastIndexOf('.');
    Method m =
        benchmarkMethod(Class.forName(benchmark.substring(0, dot)), benchmark.substring(dot + 1));
    OperationCycle cycle = m.getAnnotation(OperationCycle.class);
    if (cycle == null) {
      return 1;
    }
    if (cycle.value() < 2 || cycle.value() > 100_000) {
      throw new IllegalArgumentException(
          benchmark + ": @OperationCycle takes 2..100000 calls, not " + cycle.value());
    }
    return cycle.value();
  }

  private static Method benchmarkMethod(Class<?> type, String name) {
    for (Method m : type.getMethods()) {
      if (m.getName().equals(name) && m.isAnnotationPresent(Benchmark.class)) {
        return m;
      }
    }
    // the reference workload is a plain public method, no JMH annotation
    for (Method m : type.getMethods()) {
      if (m.getName().equals(name)
          && m.getDeclaringClass() == type
          && !Modifier.isStatic(m.getModifiers())) {
        return m;
      }
    }
    throw new IllegalArgumentException(type.getSimpleName() + " has no benchmark method " + name);
  }

  private static void setParams(Class<?> type, Object instance, Map<String, String> params)
      throws IllegalAccessException {
    Map<String, String> left = new HashMap<>(params);
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      for (Field f : c.getDeclaredFields()) {
        Param declared = f.getAnnotation(Param.class);
        if (declared == null) {
          continue;
        }
        String value = left.remove(f.getName());
        if (value == null && declared.value().length == 1) {
          value = declared.value()[0]; // JMH's default where there is no choice
        } else if (value == null) {
          throw new IllegalArgumentException(
              type.getSimpleName()
                  + "."
                  + f.getName()
                  + " has several values "
                  + java.util.Arrays.toString(declared.value())
                  + ": a variant must name one");
        }
        f.setAccessible(true);
        if (f.getType() == int.class) {
          f.setInt(instance, Integer.parseInt(value));
        } else if (f.getType() == long.class) {
          f.setLong(instance, Long.parseLong(value));
        } else if (f.getType() == String.class) {
          f.set(instance, value);
        } else {
          throw new IllegalArgumentException(
              type.getSimpleName() + "." + f.getName() + ": a @Param of type " + f.getType());
        }
      }
    }
    if (!left.isEmpty()) {
      throw new IllegalArgumentException(
          type.getSimpleName() + " has no @Param named " + String.join(", ", left.keySet()));
    }
  }

  /** The states a method takes, each created and set up once per invoker. */
  private Object[] arguments(Method m) throws Exception {
    Class<?>[] types = m.getParameterTypes();
    Object[] args = new Object[types.length];
    for (int i = 0; i < types.length; i++) {
      args[i] = state(types[i]);
    }
    return args;
  }

  private Object state(Class<?> type) throws Exception {
    Object existing = states.get(type);
    if (existing != null) {
      return existing;
    }
    if (!type.isAnnotationPresent(org.openjdk.jmh.annotations.State.class)) {
      throw new IllegalArgumentException(
          "a benchmark argument of type " + type.getName() + " is not a JMH @State");
    }
    Object state = type.getDeclaredConstructor().newInstance();
    states.put(type, state);
    setUp(type, state);
    return state;
  }

  private void setUp(Class<?> type, Object target) throws Exception {
    List<Class<?>> chain = new ArrayList<>();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      chain.add(0, c);
    }
    for (Class<?> c : chain) {
      for (Method m : c.getDeclaredMethods()) {
        Setup setup = m.getAnnotation(Setup.class);
        if (setup == null) {
          continue;
        }
        if (setup.value() != Level.Trial) {
          throw new IllegalArgumentException(
              c.getSimpleName()
                  + "."
                  + m.getName()
                  + " is a @Setup(Level."
                  + setup.value()
                  + "): the paired runner supports trial setups only");
        }
        m.setAccessible(true);
        try {
          m.invoke(target, arguments(m));
        } catch (InvocationTargetException e) {
          throw e.getCause() instanceof Exception x ? x : e;
        }
      }
    }
  }
}
