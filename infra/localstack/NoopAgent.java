// LocalStack starts DynamoDB Local with -javaagent:ddb-local-loader-0.1.jar, its patch lifting the
// limit of 20 global secondary indexes per table, which it downloads from GitHub. Our table has far
// fewer, and that download is not reachable offline: this agent, built by install.sh in its place,
// does nothing, so DynamoDB Local keeps AWS's own limits.
public final class NoopAgent {
    public static void premain(String args, java.lang.instrument.Instrumentation inst) {}
}
