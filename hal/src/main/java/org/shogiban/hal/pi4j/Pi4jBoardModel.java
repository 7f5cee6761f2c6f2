package org.shogiban.hal.pi4j;

import com.pi4j.boardinfo.definition.BoardModel;
import com.pi4j.boardinfo.util.BoardInfoHelper;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells Pi4J which Raspberry Pi it runs on when its own detection does not know. Pi4J 3.0.3 looks the revision code of
 * /proc/cpuinfo up in a table, then matches the device tree's model string against its labels with
 * {@code startsWith}: a Zero 2 W is known only by revision code 902120 (its label "Raspberry Pi Zero V2" is no prefix
 * of the device tree's "Raspberry Pi Zero 2 W Rev 1.0"), so any other revision leaves the board {@code UNKNOWN}, and
 * then the gpiod plugin refuses to start ("Can't initialize GpioD context, board model is unknown") and its native
 * library is never loaded. Here the device tree's model string decides by its prefix, and Pi4J's board info is set
 * to that model before the context is built.
 */
final class Pi4jBoardModel {
    private static final Logger log = LoggerFactory.getLogger(Pi4jBoardModel.class);

    /** Device-tree model prefixes, longest first where one is a prefix of another. */
    private static final List<Map.Entry<String, BoardModel>> PREFIXES = List.of(
            Map.entry("Raspberry Pi Zero 2 W", BoardModel.ZERO_V2),
            Map.entry("Raspberry Pi Zero W", BoardModel.ZERO_W),
            Map.entry("Raspberry Pi Zero", BoardModel.ZERO_PCB_1_3),
            Map.entry("Raspberry Pi 500", BoardModel.MODEL_500),
            Map.entry("Raspberry Pi 400", BoardModel.MODEL_400),
            Map.entry("Raspberry Pi 5", BoardModel.MODEL_5_B),
            Map.entry("Raspberry Pi 4", BoardModel.MODEL_4_B),
            Map.entry("Raspberry Pi 3 Model A Plus", BoardModel.MODEL_3_A_PLUS),
            Map.entry("Raspberry Pi 3 Model B Plus", BoardModel.MODEL_3_B_PLUS),
            Map.entry("Raspberry Pi 3", BoardModel.MODEL_3_B),
            Map.entry("Raspberry Pi 2", BoardModel.MODEL_2_B),
            Map.entry("Raspberry Pi Compute Module 5", BoardModel.COMPUTE_5),
            Map.entry("Raspberry Pi Compute Module 4S", BoardModel.COMPUTE_4_SODIMM),
            Map.entry("Raspberry Pi Compute Module 4", BoardModel.COMPUTE_4),
            Map.entry("Raspberry Pi Compute Module 3 Plus", BoardModel.COMPUTE_3_PLUS),
            Map.entry("Raspberry Pi Compute Module 3", BoardModel.COMPUTE_3));

    private Pi4jBoardModel() {
    }

    /** Pi4J's model for a device-tree model string; {@code UNKNOWN} for one not listed. */
    static BoardModel of(String deviceTreeModel) {
        for (Map.Entry<String, BoardModel> e : PREFIXES) {
            if (deviceTreeModel.startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        return BoardModel.UNKNOWN;
    }

    /**
     * Sets Pi4J's board model from the device tree when Pi4J's own detection found none; leaves a model Pi4J knew.
     * Returns the model Pi4J uses afterwards.
     */
    static BoardModel tellPi4j(String deviceTreeModel) {
        BoardModel known = BoardInfoHelper.current().getBoardModel();
        if (known != BoardModel.UNKNOWN) {
            return known;
        }
        BoardModel model = of(deviceTreeModel);
        if (model == BoardModel.UNKNOWN) {
            // a Pi this table does not know yet: the closest generic model still lets the plugins load
            model = RaspberryPi.usesRp1(deviceTreeModel) ? BoardModel.GENERIC_RP1 : BoardModel.GENERIC;
        }
        log.info("Pi4J did not recognise '{}' by its revision code; using board model {}", deviceTreeModel, model);
        BoardInfoHelper.current().setBoardModel(model);
        return model;
    }
}
