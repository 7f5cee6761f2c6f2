package org.shogiban.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.shogiban.hall.Hall;
import org.shogiban.hall.HallServer;

/**
 * The hall server serves its requests on virtual threads, and the arbiter's pages wait in long polls: on Java 21 a
 * virtual thread that waits inside {@code synchronized} (or on a monitor's {@code wait}) pins its carrier, so a few
 * open pages would stop the server. The hall's classes wait only on {@code java.util.concurrent} locks and conditions
 * (checked on the compiled classes), and 300 open long polls (far more than carriers) leave the relay answering.
 */
class HallLocksTest {
    private static final JavaClasses HALL = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importUrls(List.of(Hall.class.getProtectionDomain().getCodeSource().getLocation()))
            .that(com.tngtech.archunit.base.DescribedPredicate.describe("in org.shogiban.hall",
                    c -> c.getPackageName().startsWith("org.shogiban.hall")));

    @Test
    void theHallWaitsOnNoMonitor() {
        // the board's side (HallConnection) runs on platform threads of its own
        noClasses().that().doNotHaveSimpleName("HallConnection").should().callMethod(Object.class, "wait").orShould().callMethod(Object.class, "wait", long.class)
                .orShould().callMethod(Object.class, "notifyAll").orShould().callMethod(Object.class, "notify")
                .because("a virtual thread waiting on a monitor pins its carrier on Java 21")
                .check(HALL);
        methods().that().areDeclaredIn(Hall.class).or().areDeclaredIn(HallServer.class)
                .should().notHaveModifier(JavaModifier.SYNCHRONIZED)
                .because("the page's long polls and the broker's callbacks meet in these classes")
                .check(HALL);
    }

    @Test
    void threeHundredOpenLongPollsLeaveTheRelayAnswering() throws Exception {
        try (Hall hall = new Hall("tcp://127.0.0.1:9", "h1", null, null, null);
             HallServer server = new HallServer(hall, "127.0.0.1", 0)) {
            server.start();
            String base = "http://127.0.0.1:" + server.port();
            HttpClient http = HttpClient.newBuilder().executor(java.util.concurrent.Executors
                    .newVirtualThreadPerTaskExecutor()).build();
            long version = hall.view().path("version").asLong();
            List<CompletableFuture<HttpResponse<Void>>> polls = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                polls.add(http.sendAsync(HttpRequest.newBuilder(URI.create(base + "/api/hall?after=" + version))
                        .build(), HttpResponse.BodyHandlers.discarding()));
            }
            Thread.sleep(500);
            long start = System.nanoTime();
            HttpResponse<String> relay = http.send(HttpRequest.newBuilder(URI.create(base + "/relay/"))
                    .timeout(java.time.Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertThat(relay.statusCode()).isEqualTo(200);
            assertThat(millis).as("the relay's answer beside 300 open polls, ms").isLessThan(5_000);
            polls.forEach(p -> p.cancel(true));
        }
    }
}
