package org.shogiban.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The test host's own rig: a cable end that is not there fails at once and leaves no file in its place. */
class HostTest {
    @TempDir
    Path dir;

    @Test
    void aMissingHostEndFailsClearlyAndIsNotCreated() {
        Path end = dir.resolve("host");
        assertThatThrownBy(() -> new Host(end).close()).isInstanceOf(IOException.class)
                .hasMessageContaining("is not there");
        assertThat(end).as("no regular file made where the pseudo-terminal's link was missing").doesNotExist();
    }

    @Test
    void aRegularFileIsNoCableEnd() throws IOException {
        Path end = Files.writeString(dir.resolve("host"), "");
        assertThatThrownBy(() -> new Host(end).close()).isInstanceOf(IOException.class)
                .hasMessageContaining("is a regular file");
    }
}
