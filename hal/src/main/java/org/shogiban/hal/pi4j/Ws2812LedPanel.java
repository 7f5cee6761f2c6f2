package org.shogiban.hal.pi4j;

import com.pi4j.io.spi.Spi;
import java.util.Objects;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.LedPanel;

/**
 * The LEDs as a WS2812 chain on SPI MOSI, encoded by {@link Ws2812Encoder}. The whole chain is written in one SPI
 * transfer per frame ({@code reset + 99 * 9 + latch} bytes, 1071 at 2.4 MHz, under spidev's default 4096-byte
 * limit). An SPI error is
 * reported, never thrown; the next frame tries again.
 */
public final class Ws2812LedPanel implements LedPanel {
    private final Spi spi;
    private final Ws2812Encoder encoder;
    private final FaultReporter.Device health;

    Ws2812LedPanel(Spi spi, Ws2812Encoder encoder, FaultReporter.Device health) {
        this.spi = Objects.requireNonNull(spi);
        this.encoder = Objects.requireNonNull(encoder);
        this.health = Objects.requireNonNull(health);
    }

    @Override
    public synchronized void show(LedFrame frame) {
        byte[] bytes = encoder.encode(frame);
        try {
            int written = spi.write(bytes, 0, bytes.length);
            if (written != bytes.length) {
                health.failed("SPI wrote " + written + " of " + bytes.length + " bytes", null);
                return;
            }
            health.succeeded();
        } catch (RuntimeException e) {
            health.failed("SPI write failed: " + e, e);
        }
    }
}
