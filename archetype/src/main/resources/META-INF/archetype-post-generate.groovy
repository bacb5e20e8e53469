// The archetype plugin writes resources without their file modes: make the wrapper executable again
// (./mvnw verify), for everyone as a checkout would have it.
def mvnw = new File(request.outputDirectory, request.artifactId + '/mvnw')
if (!mvnw.setExecutable(true, false)) {
  throw new IllegalStateException("could not make ${mvnw} executable")
}
