package org.shogiban.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code java -jar shogiban.jar serve --simulated} process, started as systemd would start it
 * ({@code NOTIFY_SOCKET}, {@code WATCHDOG_USEC}), with the test as the listening service manager. Runs after
 * {@code package} (failsafe), on the shaded jar. The waits are the socket's receive time-outs, bounded.
 */
class ServeProcessIT {
    /** 1 s: keep-alives are due every 500 ms, the service sends one every 250 ms. */
    private static final long WATCHDOG_USEC = 1_000_000;

    record Notification(long atMillis, String text) {
    }

    record Run(List<Notification> notifications, long readyMillis, int exit, long stopMillis, String stderr,
               String classesLoaded) {
        List<Notification> containing(String word) {
            return notifications.stream().filter(n -> n.text().lines().anyMatch(l -> l.equals(word)
                    || l.startsWith(word))).toList();
        }
    }

    /** Starts the service, listens for {@code listenMillis}, stops it with SIGTERM. */
    private static Run serve(Path dir, long listenMillis, String... extra) throws Exception {
        Path socketPath = dir.resolve("notify");
        Path stderr = dir.resolve("stderr.txt");
        Path classes = dir.resolve("classes.txt");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx96m", "-Xss256k", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Xlog:class+load=info:file=" + classes, "-Dshogiban.log=journal",
                "-jar", System.getProperty("shogiban.jar", "target/shogiban.jar"),
                "serve", "--simulated", "--state", dir.resolve("state").toString()));
        command.addAll(List.of(extra));
        try (NotifySocket socket = new NotifySocket(socketPath, 250)) {
            ProcessBuilder builder = new ProcessBuilder(command).redirectError(stderr.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            builder.environment().put("NOTIFY_SOCKET", socketPath.toString());
            builder.environment().put("WATCHDOG_USEC", Long.toString(WATCHDOG_USEC));
            long begin = System.nanoTime();
            Process process = builder.start();
            List<Notification> received = new ArrayList<>();
            long ready = -1;
            try {
                while (elapsed(begin) < listenMillis) {
                    var text = socket.receive();
                    if (text.isPresent()) {
                        received.add(new Notification(elapsed(begin), text.get()));
                        if (ready < 0 && text.get().contains("READY=1")) {
                            ready = elapsed(begin);
                        }
                    }
                }
                assertThat(process.isAlive()).as("the service still runs").isTrue();
                long stopBegin = System.nanoTime();
                process.destroy(); // SIGTERM
                assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
                long stop = elapsed(stopBegin);
                for (var text = socket.receive(); text.isPresent(); text = socket.receive()) {
                    received.add(new Notification(elapsed(begin), text.get()));
                }
                return new Run(received, ready, process.exitValue(), stop,
                        Files.readString(stderr, StandardCharsets.UTF_8), Files.readString(classes));
            } finally {
                process.destroyForcibly();
            }
        }
    }

    private static long elapsed(long beginNanos) {
        return (System.nanoTime() - beginNanos) / 1_000_000;
    }

    @Test
    void tellsSystemdItIsReadyWhatItDoesAndThatItIsAlive(@TempDir Path dir) throws Exception {
        Run run = serve(dir, 5_000);
        assertThat(run.readyMillis()).as("READY=1 came").isPositive();
        System.out.println("java start to READY=1: " + run.readyMillis() + " ms; stop took " + run.stopMillis()
                + " ms");
        assertThat(run.containing("STATUS=setting up")).isNotEmpty();
        // keep-alives all along once ready: every 250 ms, so at least 8 in the 3 s after a READY within 2 s
        List<Notification> keepAlives = run.containing("WATCHDOG=1");
        assertThat(keepAlives.size()).isGreaterThanOrEqualTo((int) ((5_000 - run.readyMillis()) / 500));
        for (int i = 1; i < keepAlives.size(); i++) {
            assertThat(keepAlives.get(i).atMillis() - keepAlives.get(i - 1).atMillis())
                    .as("gap between keep-alives").isLessThan(WATCHDOG_USEC / 1000 / 2);
        }
        // SIGTERM: a clean stop within 5 s, STOPPING=1 said, 143 as the unit expects (SuccessExitStatus=143)
        assertThat(run.stopMillis()).isLessThan(5_000);
        assertThat(run.exit()).isEqualTo(143);
        assertThat(run.containing("STOPPING=1")).isNotEmpty();
        assertThat(run.stderr()).contains("<6>o.s.cli.ServeCommand: board stopped in ");
        // journald form: every line starts with a priority, none with a time
        assertThat(run.stderr().lines()).allMatch(l -> l.matches("<[3467]>.*"));
        // the simulated board never loads Pi4J
        assertThat(run.classesLoaded()).contains("org.shogiban.hal.memory.MemoryBoard")
                .doesNotContain("com.pi4j").doesNotContain("org.shogiban.hal.pi4j");
    }

    @Test
    void keepAlivesStopWhenTheScanLoopHangs(@TempDir Path dir) throws Exception {
        Run run = serve(dir, 6_000, "--test-scan-fault", "hang:1500");
        assertKeepAlivesStopped(run);
        // the hung scan thread does not hold up the stop: it is given 2 s
        assertThat(run.stopMillis()).isLessThan(5_000);
    }

    @Test
    void keepAlivesStopWhenEveryScanPassFails(@TempDir Path dir) throws Exception {
        assertKeepAlivesStopped(serve(dir, 6_000, "--test-scan-fault", "fail:1500"));
    }

    private static void assertKeepAlivesStopped(Run run) {
        assertThat(run.readyMillis()).isPositive();
        List<Notification> keepAlives = run.containing("WATCHDOG=1");
        assertThat(keepAlives).as("keep-alives while the scan worked").isNotEmpty();
        long last = keepAlives.get(keepAlives.size() - 1).atMillis();
        // the fault begins 1.5 s after the board was built (just before READY); keep-alives end at most 500 ms
        // later, so at least the last 1.5 s of the 6 s listened to have none: systemd (WatchdogSec) would restart it
        assertThat(last).isLessThan(6_000 - 1_500);
        assertThat(last).isGreaterThan(run.readyMillis());
    }
}
