package org.wirebench.bench.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module map, kept by a test: a class's package says its module (formats, results, server,
 * bench), modules depend only downwards, packages form no cycles, and nothing but the results
 * module reads a run's JSON.
 */
class ModuleBoundariesTest {
  private static JavaClasses classes;

  @BeforeAll
  static void importAll() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.wirebench");
  }

  @Test
  void everyClassLivesInItsModulesPackage() {
    noClasses()
        .should()
        .resideOutsideOfPackages(
            "org.wirebench.formats..",
            "org.wirebench.results..",
            "org.wirebench.server..",
            "org.wirebench.bench..")
        .check(classes);
  }

  @Test
  void formatsDependOnNoOtherModule() {
    noClasses()
        .that()
        .resideInAPackage("org.wirebench.formats..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.wirebench.results..", "org.wirebench.server..", "org.wirebench.bench..")
        .check(classes);
  }

  @Test
  void resultsDependOnNoOtherModule() {
    noClasses()
        .that()
        .resideInAPackage("org.wirebench.results..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.wirebench.formats..", "org.wirebench.server..", "org.wirebench.bench..")
        .check(classes);
  }

  @Test
  void theServerDoesNotDependOnTheBenchmarks() {
    noClasses()
        .that()
        .resideInAPackage("org.wirebench.server..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.wirebench.bench..")
        .check(classes);
  }

  /** A report of an old run must not change when an encoder or a stack does: it reads records. */
  @Test
  void reportsReadRecordsNeverCodecsOrStacks() {
    noClasses()
        .that()
        .resideInAPackage("org.wirebench.bench.report..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.wirebench.formats.geo..",
            "org.wirebench.formats.soap..",
            "org.wirebench.formats.finding..",
            "org.wirebench.server..")
        .check(classes);
  }

  /** Run JSON is read by the results module's typed classes only, never by string paths. */
  @Test
  void noJsonTreesOutsideTheResultsModule() {
    noClasses()
        .that()
        .resideInAnyPackage("org.wirebench.bench..", "org.wirebench.server..")
        .should()
        .dependOnClassesThat()
        .haveFullyQualifiedName("com.fasterxml.jackson.databind.JsonNode")
        .check(classes);
  }

  /**
   * brotli is reached through ContentCoding alone, which loads its native library first
   * (BrotliLibrary): brotli4j's own loader, reached any other way, leaves a 1 MB copy of it in
   * java.io.tmpdir when its JVM is killed.
   */
  @Test
  void brotliIsReachedOnlyThroughContentCoding() {
    noClasses()
        .that()
        .doNotHaveFullyQualifiedName("org.wirebench.server.http.ContentCoding")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "com.aayushatharva.brotli4j..", "org.eclipse.jetty.compression.brotli..")
        .check(classes);
  }

  @Test
  void noPackageCycles() {
    slices().matching("org.wirebench.(**)").should().beFreeOfCycles().check(classes);
  }
}
