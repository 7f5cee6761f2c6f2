package org.shogiban.hal.bringup;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/** The bring-up dialogue on a terminal: lines printed, answers read a line at a time ({@code y}/{@code n}). */
public final class ConsoleIo implements BringUpIo {
    private static final Set<String> YES = Set.of("y", "yes", "はい", "ok");
    private final BufferedReader in;
    private final PrintStream out;

    public ConsoleIo(BufferedReader in, PrintStream out) {
        this.in = Objects.requireNonNull(in);
        this.out = Objects.requireNonNull(out);
    }

    @Override
    public void say(String line) {
        out.println(line);
    }

    @Override
    public boolean confirm(String question) {
        out.print(question + " [y/n] ");
        out.flush();
        try {
            String answer = in.readLine();
            out.println();
            return answer != null && YES.contains(answer.strip().toLowerCase(Locale.ROOT));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
