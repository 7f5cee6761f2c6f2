package org.shogiban.cli;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.shogiban.hal.Board;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.bringup.BringUp;
import org.shogiban.hal.bringup.BringUpPlan;
import org.shogiban.hal.bringup.BringUpReport;
import org.shogiban.hal.bringup.ChipRow;
import org.shogiban.hal.bringup.ConsoleIo;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.pi4j.BringUpBoard;
import org.shogiban.hal.readiness.PiProblem;
import org.shogiban.hal.readiness.PiReadiness;

/**
 * {@code bring-up (--config FILE | --simulated) [--report FILE] [--wait SECONDS]}: the guided test of a newly built
 * board (docs/hardware.md, "Bring-up"). Asks the builder on the terminal, prints the report at the end and saves it
 * (default {@code bring-up-report.txt}). Exit code 0 when every part passed, 1 when some failed, 2 when the Pi lacks
 * a bus or device the configuration needs (said in one sentence each, as {@code serve} says them).
 */
final class BringUpCommand implements CliCommand {
    @Override
    public String name() {
        return "bring-up";
    }

    @Override
    public String usage() {
        return "bring-up (--config FILE | --simulated) [--report FILE] [--wait SECONDS]   test a newly built board"
                + " part by part";
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out) throws Exception {
        Path config = null;
        boolean simulated = false;
        Path reportFile = Path.of("bring-up-report.txt");
        double waitSeconds = 60;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--simulated")) {
                simulated = true;
                continue;
            }
            if (!List.of("--config", "--report", "--wait").contains(a)) {
                throw new UsageException("unknown option " + a + "; usage: " + usage());
            }
            if (i + 1 >= args.size()) {
                throw new UsageException(a + " needs a value");
            }
            String v = args.get(++i);
            switch (a) {
                case "--config" -> config = Path.of(v);
                case "--report" -> reportFile = Path.of(v);
                default -> waitSeconds = parseWait(v);
            }
        }
        if (config == null && !simulated) {
            throw new UsageException("--config FILE is required, or --simulated; usage: " + usage());
        }
        if (!simulated) {
            ThisPi.requirePi();
        }
        BoardConfig board = config == null ? null : ServeCommand.loadConfig(config);
        MonotonicClock clock = MonotonicClock.system();
        FaultReporter faults = new FaultReporter(clock);
        Board ports;
        List<ChipRow> chips;
        if (simulated) {
            ports = new MemoryBoard(board == null ? SensorKind.OCCUPANCY : board.sensorKind(), clock).board();
            chips = List.of();
        } else {
            List<PiProblem> missing = PiReadiness.ofThisPi().check(board);
            if (!missing.isEmpty()) {
                throw new UsageException(String.join("\n" + name() + ": ",
                        missing.stream().map(PiProblem::sentence).toList()));
            }
            BringUpBoard.Opened opened = BringUpBoard.open(board, clock, faults);
            ports = opened.board();
            chips = opened.chips();
        }
        long waitMillis = Math.round(waitSeconds * 1000);
        BringUpPlan plan = board == null
                ? new BringUpPlan(SensorKind.OCCUPANCY, true, true, true, List.of(), waitMillis, 20)
                : BringUpPlan.of(board, waitMillis, Math.min(20, Math.max(1, waitMillis / 10)));
        ConsoleIo io = new ConsoleIo(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), out);
        BringUpReport report;
        try (ports) {
            report = new BringUp(ports, chips, plan, io, clock, Thread::sleep).run();
        }
        report.save(reportFile);
        out.println("report saved in " + reportFile.toAbsolutePath());
        return report.passed() ? 0 : 1;
    }

    private static double parseWait(String v) {
        try {
            double s = Double.parseDouble(v);
            if (s > 0 && s <= 3600) {
                return s;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new UsageException("--wait takes seconds (0 < s <= 3600), got '" + v + "'");
    }
}
