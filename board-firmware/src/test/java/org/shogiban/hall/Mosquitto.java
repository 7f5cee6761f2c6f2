package org.shogiban.hall;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.shogiban.testdata.Processes;

/**
 * Debian's Mosquitto broker as a test's real peer: started on a free loopback port (asked of the kernel, then given
 * to Mosquitto: {@code listener 0} would not be a free port), optionally with a password file and an ACL
 * (docs/hall.md's), killed with SIGKILL and started again on the same port. As root Mosquitto would switch to the
 * user {@code mosquitto} before reading its files; {@code user root} keeps it on the test's user.
 */
public final class Mosquitto implements AutoCloseable {
    /** The broker's program: {@code /usr/sbin/mosquitto} from Debian's package, or {@code -Dshogiban.mosquitto}. */
    public static final String PROGRAM = System.getProperty("shogiban.mosquitto", "/usr/sbin/mosquitto");

    private final Path dir;
    private final int port;
    private final Path config;
    private Process process;

    private Mosquitto(Path dir, int port, Path config) {
        this.dir = dir;
        this.port = port;
        this.config = config;
    }

    /** An open broker (anonymous clients may do anything). */
    public static Mosquitto open(Path dir) throws IOException {
        return start(dir, null, null, List.of());
    }

    /**
     * A venue's open broker bridged to a central one with Mosquitto's own bridge: the lines of {@code bridge} (a
     * {@code connection} section, docs/hall.md's) added to its configuration.
     */
    public static Mosquitto withBridge(Path dir, String bridge) throws IOException {
        return start(dir, null, null, bridge.lines().toList());
    }

    /**
     * A broker with users and an ACL.
     *
     * @param users user name to password
     * @param acl the ACL file's text
     */
    public static Mosquitto secured(Path dir, Map<String, String> users, String acl) throws IOException {
        Path passwords = dir.resolve("passwd");
        Files.writeString(passwords, "");
        for (Map.Entry<String, String> u : users.entrySet()) {
            run(List.of("mosquitto_passwd", "-b", passwords.toString(), u.getKey(), u.getValue()));
        }
        Path aclFile = dir.resolve("acl");
        Files.writeString(aclFile, acl);
        return start(dir, passwords, aclFile, List.of());
    }

    private static void run(List<String> command) throws IOException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException(command + " failed: " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private static Mosquitto start(Path dir, Path passwords, Path acl, List<String> more) throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        List<String> lines = new ArrayList<>(List.of("listener " + port + " 127.0.0.1", "persistence false",
                "user root", "log_dest stderr", "log_type error", "log_type warning"));
        if (passwords == null) {
            lines.add("allow_anonymous true");
        } else {
            lines.addAll(List.of("allow_anonymous false", "password_file " + passwords, "acl_file " + acl));
        }
        lines.addAll(more);
        Path config = dir.resolve("mosquitto.conf");
        Files.write(config, lines);
        Mosquitto m = new Mosquitto(dir, port, config);
        m.restart();
        return m;
    }

    /** {@code tcp://127.0.0.1:<port>}. */
    public String url() {
        return "tcp://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    /** Starts the broker (again) on its port and waits until it accepts connections. */
    public void restart() throws IOException {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("the broker is running");
        }
        process = new ProcessBuilder(PROGRAM, "-c", config.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("mosquitto.log").toFile()).start();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < until) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException e) {
                if (!process.isAlive()) {
                    throw new IOException("mosquitto stopped: " + Files.readString(dir.resolve("mosquitto.log")));
                }
                pause(50);
            }
        }
        throw new IOException("mosquitto does not listen on " + port);
    }

    /** SIGKILL: the broker is gone at once, with its retained messages and sessions (no persistence). */
    public void kill() {
        Processes.kill(process);
    }

    /** The broker's process id (for CPU and memory figures). */
    public long pid() {
        return process.pid();
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (process != null) {
            kill();
        }
    }
}
