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

    @Test
    void aZero2WOfAnyRevisionIsKnownToPi4jByItsDeviceTreeModel() {
        // Pi4J 3.0.3's own name match fails: its label "Raspberry Pi Zero V2" is no prefix of the device tree's
        assertThat(com.pi4j.boardinfo.definition.BoardModel.getByBoardName("Raspberry Pi Zero 2 W Rev 1.0"))
                .isEqualTo(com.pi4j.boardinfo.definition.BoardModel.UNKNOWN);
        assertThat(Pi4jBoardModel.of("Raspberry Pi Zero 2 W Rev 1.0"))
                .isEqualTo(com.pi4j.boardinfo.definition.BoardModel.ZERO_V2);
        assertThat(Pi4jBoardModel.of("Raspberry Pi Zero W Rev 1.1"))
                .isEqualTo(com.pi4j.boardinfo.definition.BoardModel.ZERO_W);
        assertThat(Pi4jBoardModel.of("Raspberry Pi 4 Model B Rev 1.5"))
                .isEqualTo(com.pi4j.boardinfo.definition.BoardModel.MODEL_4_B);
        assertThat(Pi4jBoardModel.of("Raspberry Pi 3 Model B Plus Rev 1.3"))
                .isEqualTo(com.pi4j.boardinfo.definition.BoardModel.MODEL_3_B_PLUS);
        assertThat(Pi4jBoardModel.of("Raspberry Pi 5 Model B Rev 1.0"))
                .isEqualTo(com.pi4j.boardinfo.definition.BoardModel.MODEL_5_B);
        assertThat(Pi4jBoardModel.of("Raspberry Pi Compute Module 4S Rev 1.0"))
                .isEqualTo(com.pi4j.boardinfo.definition.BoardModel.COMPUTE_4_SODIMM);
    }

    @Test
    void pi4jIsToldTheModelWhenItsRevisionTableDidNotKnowIt() {
        com.pi4j.boardinfo.model.BoardInfo info = com.pi4j.boardinfo.util.BoardInfoHelper.current();
        com.pi4j.boardinfo.definition.BoardModel before = info.getBoardModel();
        // this machine is no Pi: Pi4J found no model, as on a Zero 2 W with another revision code than 902120
        org.junit.jupiter.api.Assumptions.assumeTrue(before == com.pi4j.boardinfo.definition.BoardModel.UNKNOWN);
        try {
            assertThat(Pi4jBoardModel.tellPi4j("Raspberry Pi Zero 2 W Rev 1.0"))
                    .isEqualTo(com.pi4j.boardinfo.definition.BoardModel.ZERO_V2);
            // what the gpiod plugin asks before it loads its native library
            assertThat(com.pi4j.boardinfo.util.BoardInfoHelper.runningOnRaspberryPi()).isTrue();
            // a model it does know is left alone
            assertThat(Pi4jBoardModel.tellPi4j("Raspberry Pi 4 Model B Rev 1.5"))
                    .isEqualTo(com.pi4j.boardinfo.definition.BoardModel.ZERO_V2);
        } finally {
            info.setBoardModel(before);
        }
        assertThat(Pi4jBoardModel.tellPi4j("Raspberry Pi 9 Model Z Rev 1.0").name()).isEqualTo("GENERIC");
        info.setBoardModel(before);
    }

    @Test
    void rp1Models() {
        assertThat(RaspberryPi.usesRp1("Raspberry Pi 5 Model B Rev 1.0")).isTrue();
        assertThat(RaspberryPi.usesRp1("Raspberry Pi 500 Rev 1.0")).isTrue();
        assertThat(RaspberryPi.usesRp1("Raspberry Pi Compute Module 5 Rev 1.0")).isTrue();
        assertThat(RaspberryPi.usesRp1("Raspberry Pi 4 Model B Rev 1.5")).isFalse();
        assertThat(RaspberryPi.usesRp1("Raspberry Pi Zero 2 W Rev 1.0")).isFalse();
    }
}
