package org.shogiban.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.shogiban.hal.config.HallConfig;
import org.shogiban.hall.Hall;
import org.shogiban.hall.HallServer;
import org.shogiban.hall.PemTls;
import org.shogiban.hall.login.Arbiters;
import org.shogiban.hall.store.HallStore;
import javax.net.ssl.SSLContext;

/**
 * {@code hall --broker <url> [--port 8090] [--bind ADDR] [--hall-id ID] [--username U --password P] [--trace FILE]
 * [--state DIR] [--cert PEM --key PEM]}:
 * the tournament hall's server until stopped (docs/hall.md): the arbiter's page and the live relay, fed by every
 * board of the hall through the broker.
 */
final class HallCommand implements CliCommand {
    private static final Set<String> OPTIONS = Set.of("--broker", "--port", "--bind", "--hall-id", "--username",
            "--password", "--trace", "--state", "--cert", "--key");

    @Override
    public String name() {
        return "hall";
    }

    @Override
    public String usage() {
        return "hall --broker <url> [--port 8090] [--bind ADDR] [--hall-id ID] [--username U --password P]"
                + " [--state DIR] [--cert PEM --key PEM]   the arbiter's page and the live relay of a tournament hall;"
                + "\n  hall passwd NAME [--state DIR]   adds an arbiter account or sets its password";
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out) throws Exception {
        if (!args.isEmpty() && args.get(0).equals("passwd")) {
            return HallPasswd.run(args.subList(1, args.size()), in, out);
        }
        Map<String, String> o = options(args);
        String broker = o.get("--broker");
        if (broker == null || !broker.matches("(tcp|ssl)://[^\\s/]+:\\d{1,5}")) {
            throw new UsageException("--broker tcp://host:port (or ssl://host:port) is required");
        }
        String hallId = o.getOrDefault("--hall-id", HallConfig.DEFAULT_HALL_ID);
        if (!HallConfig.isName(hallId)) {
            throw new UsageException("--hall-id: 1 to 64 letters, digits, '-' or '_'");
        }
        int port;
        try {
            port = Integer.parseInt(o.getOrDefault("--port", "8090"));
        } catch (NumberFormatException e) {
            throw new UsageException("--port: a number 0..65535");
        }
        if (o.containsKey("--cert") != o.containsKey("--key")) {
            throw new UsageException("--cert and --key go together (PEM files: the certificate and its key)");
        }
        SSLContext tls = o.containsKey("--cert") ? PemTls.context(Path.of(o.get("--cert")), Path.of(o.get("--key")))
                : null;
        Path stateDir = o.containsKey("--state") ? Path.of(o.get("--state")) : HallPasswd.defaultState();
        HallStore store = HallStore.open(stateDir);
        PrintWriter trace = o.containsKey("--trace") ? new PrintWriter(Files.newBufferedWriter(
                Path.of(o.get("--trace")), StandardCharsets.UTF_8), true) : null;
        Hall hall = new Hall(broker, hallId, o.get("--username"), o.get("--password"), trace, store);
        store.problems().forEach(p -> out.println("hall: " + p));
        hall.start();
        Arbiters arbiters = new Arbiters(store);
        HallServer server = new HallServer(hall, arbiters, o.getOrDefault("--bind", "127.0.0.1"), port, tls);
        if (!arbiters.any() && !java.net.InetAddress.getByName(o.getOrDefault("--bind", "127.0.0.1"))
                .isLoopbackAddress()) {
            out.println("hall: no arbiter account yet, and the page is beyond the loopback: it asks for a login; make"
                    + " one with: hall passwd NAME --state " + stateDir);
        }
        server.start();
        out.println("hall " + hallId + " on " + (tls == null ? "http" : "https") + "://"
                + o.getOrDefault("--bind", "127.0.0.1") + ":" + server.port() + "/ (relay /relay/), broker " + broker
                + ", state " + store.file());
        out.flush();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            hall.close();
            store.close();
            if (trace != null) {
                trace.close();
            }
            stopped.countDown();
        }, "shogiban-hall-stop"));
        stopped.await();
        return 0;
    }

    private static Map<String, String> options(List<String> args) {
        Map<String, String> o = new HashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!OPTIONS.contains(a)) {
                throw new UsageException("unknown option " + a + "; options: " + String.join(", ", OPTIONS));
            }
            if (i + 1 >= args.size()) {
                throw new UsageException(a + " needs a value");
            }
            o.put(a, args.get(++i));
        }
        return o;
    }
}
