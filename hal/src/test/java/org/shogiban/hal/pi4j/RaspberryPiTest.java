package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RaspberryPiTest {
    @Test
    void aPiIsKnownByTheModelItsDeviceTreeNames(@TempDir Path dir) throws Exception {
        Path model = Files.write(dir.resolve("model"), "Raspberry Pi Zero 2 W Rev 1.0\0".getBytes(StandardCharsets.UTF_8));
        assertThat(RaspberryPi.model(model)).contains("Raspberry Pi Zero 2 W Rev 1.0");
    }

    @Test
    void anotherBoardOrNoDeviceTreeIsNoPi(@TempDir Path dir) throws Exception {
        Path other = Files.write(dir.resolve("model"), "Pine64 PinePhone\0".getBytes(StandardCharsets.UTF_8));
        assertThat(RaspberryPi.model(other)).isEmpty();
        assertThat(RaspberryPi.model(dir.resolve("absent"))).isEmpty();
    }
}
