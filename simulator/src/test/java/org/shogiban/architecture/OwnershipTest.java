package org.shogiban.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.net.URL;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.Board;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.SessionState;
import org.shogiban.simulator.SimulatorCli;

/**
 * Who owns what, checked on the compiled classes beside the layering rules ({@link LayeringTest}): a side is named
 * one way from the rules to the wire.
 */
class OwnershipTest {
    private static final JavaClasses ALL = classesOf(Board.class, Position.class, SimulatorCli.class);

    private static JavaClasses classesOf(Class<?>... members) {
        List<URL> locations = Arrays.stream(members)
                .map(c -> c.getProtectionDomain().getCodeSource().getLocation())
                .toList();
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importUrls(locations);
    }

    @Test
    void aSideIsNamedOneWayFromTheRulesToTheWire() {
        // Side.label() writes a side and Side.read reads it back; the enum constant's name is the journal's own
        // (SessionState, written by the session's projection), kept for old journals
        ArchRule rule = noClasses().that().doNotHaveFullyQualifiedName(Side.class.getName())
                .and().doNotHaveFullyQualifiedName(SessionState.class.getName())
                .and().doNotHaveFullyQualifiedName(SessionState.Clocks.class.getName())
                .and().doNotHaveFullyQualifiedName("org.shogiban.session.SessionProjection")
                .should().callMethodWhere(sideNamedByTheEnum())
                .because("a side's name is written by Side.label() and read by Side.read, in one place");
        rule.check(ALL);
    }

    private static DescribedPredicate<JavaMethodCall> sideNamedByTheEnum() {
        return DescribedPredicate.describe("Side.name() or Side.valueOf(String)",
                call -> call.getTargetOwner().isEquivalentTo(Side.class)
                        && (call.getName().equals("name") || call.getName().equals("valueOf")));
    }
}
