package org.shogiban.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.shogiban.cli.ShogibanCli;
import org.shogiban.simulator.SimulatorCli;
import org.shogiban.simulator.web.WebCommand;
import org.shogiban.testdata.DocsBlocks;

/**
 * The docs check: every command in a shell block marked as an example (a fence opened with {@code ```sh example}) in
 * README.md or docs/ is run, in-process, with the same arguments, and must exit as the example says (0 unless it
 * ends with a comment {@code # exit N}) and print something. {@code java -jar <module jar>} runs that jar's entry
 * point, {@code ./mvnw ... exec:exec@play|cli -D...} the entry point the pom's execution runs, {@code printf '...' |}
 * feeds the text to stdin; {@code ./mvnw -B verify} must be exactly what CI runs ({@code .ci/run}), and an install or
 * package step must name existing modules (the build that runs this test has just done it).
 */
class DocsExamplesTest {
    private static final String MARKER = "```sh example";
    private static final Path ROOT = DocsBlocks.root();

    /** One command of an example block, where it was found, and the exit code it promises. */
    record Example(String file, int line, String command, int exitCode) {
        @Override
        public String toString() {
            return file + ":" + line + ": " + command;
        }
    }

    @TestFactory
    Stream<DynamicTest> everyMarkedExampleRunsAsDocumented() throws IOException {
        List<Example> examples = examples();
        assertThat(examples).as("marked examples under %s", ROOT).isNotEmpty();
        return examples.stream().map(e -> DynamicTest.dynamicTest(e.toString(), () -> run(e)));
    }

    @Test
    void theReadmesTwoCommandsAreMarkedExamples() throws IOException {
        List<String> readme = examples().stream().filter(e -> e.file().equals("README.md")).map(Example::command)
                .toList();
        assertThat(readme).contains(
                "./mvnw -q install -DskipTests && \"$(.mvn/find-jdk)/bin/java\" -jar simulator/target/shogiban-simulator.jar web",
                "bash .ci/run");
    }

    @Test
    void ciRunsTheReadmesTestCommand() throws IOException {
        assertThat(Files.readAllLines(ROOT.resolve(".ci/run"))).contains("./mvnw -B verify");
    }

    @Test
    void everyCommandOfBothToolsHasAMarkedExampleInDocsCli() throws IOException {
        List<String> cli = examples().stream().filter(e -> e.file().equals("docs/cli.md")).map(Example::command)
                .toList();
        for (String command : List.of("shogiban.jar perft", "shogiban.jar judge", "shogiban.jar convert",
                "shogiban.jar serve", "shogiban-simulator.jar play", "shogiban-simulator.jar replay-trace",
                "shogiban-simulator.jar replay ", "exec:exec@play", "exec:exec@cli")) {
            assertThat(cli).as("a marked example of %s in docs/cli.md", command).anyMatch(c -> c.contains(command));
        }
    }

    // ---------------------------------------------------------------- reading the examples

    static List<Example> examples() throws IOException {
        List<Path> files = new ArrayList<>();
        files.add(ROOT.resolve("README.md"));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        List<Example> examples = new ArrayList<>();
        for (Path file : files) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            String name = ROOT.relativize(file).toString().replace('\\', '/');
            boolean inBlock = false;
            StringBuilder pending = new StringBuilder();
            int pendingLine = 0;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (!inBlock) {
                    inBlock = line.strip().equals(MARKER);
                    continue;
                }
                if (line.strip().startsWith("```")) {
                    inBlock = false;
                    continue;
                }
                if (pending.isEmpty()) {
                    pendingLine = i + 1;
                }
                if (line.endsWith("\\")) {
                    pending.append(line, 0, line.length() - 1).append(' ');
                    continue;
                }
                pending.append(line);
                String text = pending.toString().strip();
                pending.setLength(0);
                if (!text.isEmpty() && !text.startsWith("#")) {
                    examples.add(example(name, pendingLine, text));
                }
            }
        }
        return examples;
    }

    private static final Pattern EXIT = Pattern.compile("exit (\\d+)\\b.*");

    private static Example example(String file, int line, String text) {
        int comment = commentStart(text);
        String command = comment < 0 ? text : text.substring(0, comment).strip();
        int exit = 0;
        if (comment >= 0) {
            Matcher m = EXIT.matcher(text.substring(comment + 1).strip());
            if (m.matches()) {
                exit = Integer.parseInt(m.group(1));
            }
        }
        return new Example(file, line, command, exit);
    }

    /** Where a {@code #} comment starts, outside quotes and after a space; -1 if none. */
    private static int commentStart(String text) {
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '#' && (i == 0 || Character.isWhitespace(text.charAt(i - 1)))) {
                return i;
            }
        }
        return -1;
    }

    /** Shell words: spaces split, single and double quotes group (no expansion is needed by the examples). */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        assertThat((int) quote).as("unclosed quote in %s", text).isZero();
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    // ---------------------------------------------------------------- running them

    private static void run(Example example) throws Exception {
        String[] steps = example.command().split("\\s+&&\\s+");
        for (int i = 0; i < steps.length; i++) {
            int expected = i == steps.length - 1 ? example.exitCode() : 0;
            runStep(example, steps[i].strip(), expected);
        }
    }

    private static void runStep(Example example, String step, int expected) throws Exception {
        byte[] stdin = new byte[0];
        int pipe = step.indexOf(" | ");
        if (pipe >= 0) {
            List<String> producer = words(step.substring(0, pipe));
            assertThat(producer).as("%s: only printf may feed a pipe", example).first().isEqualTo("printf");
            assertThat(producer).as("%s: printf takes one format", example).hasSize(2);
            stdin = printf(producer.get(1)).getBytes(StandardCharsets.UTF_8);
            step = step.substring(pipe + 3).strip();
        }
        List<String> w = words(step);
        if (w.equals(List.of("bash", ".ci/run"))) {
            // README's test command is CI's script itself: it cannot run inside the tests it starts
            assertThat(Files.readAllLines(ROOT.resolve(".ci/run"))).as("%s: .ci/run ends with the Maven build", example)
                    .last().isEqualTo("./mvnw -B verify");
            return;
        }
        if (w.get(0).equals("./mvnw")) {
            mvnw(example, w.subList(1, w.size()), stdin, expected);
        } else if (w.size() >= 3 && isJava(example, w.get(0)) && w.get(1).equals("-jar")) {
            List<String> args = w.subList(3, w.size());
            switch (w.get(2)) {
                case "board-firmware/target/shogiban.jar" -> check(example, firmware(args, stdin), expected);
                case "simulator/target/shogiban-simulator.jar" -> check(example, simulator(args, stdin), expected);
                default -> throw new AssertionError(example + ": no entry point known for the jar " + w.get(2));
            }
        } else {
            throw new AssertionError(example + ": the docs check does not know how to run '" + w.get(0) + "'");
        }
    }

    /**
     * {@code java}, or the JDK the build found ({@code "$(.mvn/find-jdk)/bin/java"}, as the README writes it because
     * the {@code java} on a fresh machine's PATH may be older than 21): then find-jdk must name a JDK 21 or newer.
     */
    private static boolean isJava(Example example, String word) throws Exception {
        if (word.equals("java")) {
            return true;
        }
        if (!word.equals("$(.mvn/find-jdk)/bin/java")) {
            return false;
        }
        Process finder = new ProcessBuilder(ROOT.resolve(".mvn/find-jdk").toString()).redirectErrorStream(true).start();
        String home = new String(finder.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(finder.waitFor()).as("%s: .mvn/find-jdk exits 0 (%s)", example, home).isZero();
        Path java = Path.of(home, "bin", "java");
        assertThat(Files.isExecutable(java)).as("%s: %s is a java", example, java).isTrue();
        Process version = new ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version")
                .redirectErrorStream(true).start();
        String settings = new String(version.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        version.waitFor();
        int feature = settings.lines().map(String::strip).filter(l -> l.startsWith("java.specification.version = "))
                .map(l -> Integer.parseInt(l.substring(l.indexOf('=') + 1).strip().split("\\.")[0]))
                .findFirst().orElse(0);
        assertThat(feature).as("%s: the JDK find-jdk names (%s) runs the jars", example, home)
                .isGreaterThanOrEqualTo(21);
        return true;
    }

    private static void mvnw(Example example, List<String> args, byte[] stdin, int expected) throws Exception {
        List<String> goals = args.stream().filter(a -> !a.startsWith("-")).toList();
        String module = null;
        String property = null;
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals("-pl")) {
                String named = args.get(++i);
                module = named;
                goals = goals.stream().filter(g -> !g.equals(named)).toList();
            } else if (args.get(i).startsWith("-D") && args.get(i).contains("=")) {
                property = args.get(i).substring(2);
            }
        }
        if (goals.equals(List.of("verify"))) {
            assertThat(String.join(" ", args)).as("%s: the test command must be what CI runs", example)
                    .isEqualTo("-B verify");
            assertThat(Files.readAllLines(ROOT.resolve(".ci/run"))).contains("./mvnw -B verify");
            return;
        }
        if (goals.equals(List.of("install")) || goals.equals(List.of("package"))) {
            if (module != null) {
                assertThat(ROOT.resolve(module).resolve("pom.xml")).as("%s: module %s", example, module).exists();
            }
            return;
        }
        assertThat(goals).as("%s: goals the docs check can run", example).hasSize(1);
        String pom = Files.readString(ROOT.resolve(module + "/pom.xml"));
        List<String> rest = new ArrayList<>();
        switch (goals.get(0)) {
            case "exec:exec@play" -> {
                assertThat(pom).as("%s: simulator/pom.xml's play execution", example)
                        .contains("<id>play</id>", "shogiban-simulator.jar play ${play}</commandlineArgs>");
                rest.add("play");
                rest.addAll(propertyWords(property, "play"));
                check(example, simulator(rest, stdin), expected);
            }
            case "exec:exec@cli" -> {
                assertThat(pom).as("%s: board-firmware/pom.xml's cli execution", example)
                        .contains("<id>cli</id>", "shogiban.jar ${cli}</commandlineArgs>");
                rest.addAll(propertyWords(property, "cli"));
                check(example, firmware(rest, stdin), expected);
            }
            default -> throw new AssertionError(example + ": the docs check does not know how to run "
                    + goals.get(0));
        }
    }

    private static List<String> propertyWords(String property, String name) {
        if (property == null) {
            return List.of();
        }
        assertThat(property).startsWith(name + "=");
        return words(property.substring(name.length() + 1));
    }

    /** The web simulator serves until stopped: start it on a free port, fetch its page, stop it. */
    private static Ran web(List<String> args) {
        List<String> options = new ArrayList<>(args);
        if (!options.contains("--port")) {
            options.addAll(List.of("--port", "0"));
        }
        try (WebCommand.Running running = WebCommand.start(options)) {
            java.net.http.HttpResponse<String> page = java.net.http.HttpClient.newHttpClient().send(
                    java.net.http.HttpRequest.newBuilder(running.address()).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            return new Ran(page.statusCode() == 200 ? 0 : 1, page.body(), "");
        } catch (Exception e) {
            return new Ran(1, "", e.toString());
        }
    }

    /** What a command printed and returned. */
    record Ran(int exitCode, String out, String err) {
    }

    private static Ran firmware(List<String> args, byte[] stdin) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ShogibanCli.standard().run(resolved(args), new ByteArrayInputStream(stdin),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Ran(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static Ran simulator(List<String> args, byte[] stdin) {
        if (!args.isEmpty() && args.get(0).equals("web")) {
            return web(args.subList(1, args.size()));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        InputStream systemIn = System.in;
        System.setIn(new ByteArrayInputStream(stdin)); // play reads its commands from System.in
        try {
            int code = SimulatorCli.standard().run(resolved(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            return new Ran(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setIn(systemIn);
        }
    }

    private static void check(Example example, Ran ran, int expected) {
        assertThat(ran.exitCode()).as("%s: exit code (stderr: %s)", example, ran.err()).isEqualTo(expected);
        if (expected == 0) {
            assertThat(ran.out()).as("%s: output", example).isNotBlank();
        } else {
            assertThat(ran.err().lines().count()).as("%s: one line on stderr: %s", example, ran.err()).isEqualTo(1);
        }
    }

    /** Arguments naming files of the checkout (examples are written from its root) as absolute paths. */
    private static String[] resolved(List<String> args) {
        return args.stream().map(a -> !a.startsWith("-") && a.contains("/") && Files.exists(ROOT.resolve(a))
                ? ROOT.resolve(a).toString() : a).toArray(String[]::new);
    }

    /** The text printf writes for a format without conversions: backslash escapes n, t and backslash. */
    static String printf(String format) {
        assertThat(format).as("printf format without conversions").doesNotContain("%");
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c == '\\' && i + 1 < format.length()) {
                char next = format.charAt(++i);
                out.append(switch (next) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case '\\' -> '\\';
                    default -> throw new AssertionError("printf escape \\" + next + " is not supported");
                });
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
