package org.shogiban.simulator.hallsim;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** {@code hall-sim} says at start, in one sentence, that its broker is not there (the boards keep trying). */
class BrokerAtStartTest {
    @Test
    void aBrokerNobodyListensOnIsSaidAtStartAndOneThatListensIsNot() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        String broker = "tcp://127.0.0.1:" + port;
        assertThat(HallSimCommand.brokerProblem(broker)).hasValueSatisfying(p -> assertThat(p)
                .startsWith("the broker " + broker + " is not reachable (").doesNotContain("\n"));
        try (ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThat(HallSimCommand.brokerProblem("tcp://127.0.0.1:" + listening.getLocalPort())).isEmpty();
        }
        assertThat(HallSimCommand.brokerProblem("tcp://:1883")).hasValue("the broker tcp://:1883 names no host");
    }
}
