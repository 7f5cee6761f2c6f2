package org.shogiban.hal.bringup;

import java.io.IOException;
import java.util.Locale;
import org.shogiban.hal.docs.DocsBlock;

/** docs/hardware.md shows the bring-up reports of the tests as the tool prints them, one block per board. */
public final class BringUpDocs {
    private BringUpDocs() {
    }

    /** Checks (or writes) the block of docs/hardware.md that shows this report under this title. */
    public static void show(String title, BringUpReport report) throws IOException {
        String name = "bring-up-" + title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        DocsBlock.check("hardware.md", name, "a bring-up test", "Report for the " + title + ":\n\n```\n"
                + String.join("\n", report.lines()) + "\n```");
    }
}
