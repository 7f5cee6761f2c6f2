package org.shogiban.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.net.URL;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.Board;
import org.shogiban.rules.Game;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.SessionState;
import org.shogiban.simulator.SimulatorCli;

/**
 * Who owns what, checked on the compiled classes beside the layering rules ({@link LayeringTest}): the session's
 * state has one owner ({@code session.Match}) with private fields, its parts are held by it alone and the ply log
 * (the one writer of the game) is changed only through it; everything outside reads the game as a
 * {@code GameHistory}; the inference's state has one owner too ({@code inference.InferenceState}), which its helpers
 * call instead of the inference; a side is named one way from the rules to the wire.
 */
class OwnershipTest {
    private static final JavaClasses ALL = classesOf(Board.class, Position.class, SimulatorCli.class);
    private static final String SESSION = "org.shogiban.session";
    private static final String MATCH = SESSION + ".Match";
    private static final String PLY_LOG = SESSION + ".PlyLog";
    /** The owner and its parts: each the one writer of its own fields. */
    private static final Set<String> STATE_OWNERS = Set.of(MATCH, PLY_LOG, PLY_LOG + "$Ply", SESSION + ".TurnClock",
            SESSION + ".PlayerPrompts", SESSION + ".RemoteMoves");
    private static final String INFERENCE = "org.shogiban.inference";
    private static final String INFERENCE_STATE = INFERENCE + ".InferenceState";
    /** The ply log's changes: only the owner calls them. */
    private static final Set<String> PLY_LOG_CHANGES = Set.of("play", "takeBack", "setLastMillis", "comment", "end",
            "reopen", "resign", "declare", "timeUp", "abort", "adjudicate", "overrule");
    private static final String TURN_CLOCK = SESSION + ".TurnClock";
    private static final String PROMPTS = SESSION + ".PlayerPrompts";
    private static final String REMOTE = SESSION + ".RemoteMoves";
    /** The remote side's changes: only the owner calls them. */
    private static final Set<String> REMOTE_CHANGES = Set.of("reset", "arrived", "clearPending", "named");
    /** The clock's changes: only the owner calls them (the rule classes decide, the owner applies). */
    private static final Set<String> CLOCK_CHANGES = Set.of("holdFirstTurn", "startFirstTurn", "turnStarts",
            "piecesChecked", "endTurn", "restartFirstTurn", "stop", "timedOut", "restart", "restoreTurn", "pause",
            "resume", "adjust", "tick");
    /** The prompts' changes: only the owner calls them. */
    private static final Set<String> PROMPT_CHANGES = Set.of("clear", "setupShows", "checkAgainst", "check",
            "stopChecking", "askPromotion", "promotionDropped", "differs", "illegal", "putBack", "boardMoved",
            "settled");

    private static JavaClasses classesOf(Class<?>... members) {
        List<URL> locations = Arrays.stream(members)
                .map(c -> c.getProtectionDomain().getCodeSource().getLocation())
                .toList();
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importUrls(locations);
    }

    @Test
    void theSessionsOwnerKeepsItsFieldsPrivate() {
        ArchRule rule = fields().that().areDeclaredInClassesThat().haveFullyQualifiedName(MATCH)
                .should().bePrivate()
                .because("the session's state changes only through the owner's named transitions");
        rule.check(ALL);
    }

    @Test
    void noOtherSessionClassHoldsMutableState() {
        // GameSession keeps the last change it built (reused while an input changes nothing): an output, not state
        ArchRule rule = fields().that().areDeclaredInClassesThat(resideInSessionOutside(STATE_OWNERS))
                .and().areNotStatic()
                .and().doNotHaveFullName(SESSION + ".GameSession.lastChange")
                .should().beFinal()
                .because("the rule classes and the projections read the owner and change it through its"
                        + " transitions: every field has one writer");
        rule.check(ALL);
        ArchRule parts = noFields().that().areDeclaredInClassesThat().resideInAPackage(SESSION)
                .and().areDeclaredInClassesThat().doNotHaveFullyQualifiedName(MATCH)
                .should().haveRawType(PLY_LOG).orShould().haveRawType(SESSION + ".TurnClock")
                .orShould().haveRawType(SESSION + ".PlayerPrompts")
                .orShould().haveRawType("org.shogiban.inference.MoveInference")
                .because("the ply log, the clock, the prompts and the inference are the owner's parts");
        parts.check(ALL);
    }

    @Test
    void onlyTheOwnerChangesThePlyLog() {
        ArchRule rule = noClasses().that().doNotHaveFullyQualifiedName(MATCH)
                .and().doNotHaveFullyQualifiedName(PLY_LOG)
                .should().callMethodWhere(DescribedPredicate.describe("a change of the ply log",
                        (JavaMethodCall call) -> call.getTargetOwner().getName().equals(PLY_LOG)
                                && PLY_LOG_CHANGES.contains(call.getName())))
                .because("the game changes through the owner's transitions only");
        rule.check(ALL);
    }

    @Test
    void onlyTheOwnerChangesTheClockThePromptsAndTheRemoteSide() {
        // GameRules, ArbiterRulings, RemoteRulings decide; Match applies: the clock's, the prompts' and the remote
        // side's fields have one writer each, their owner, called by one class, the session's owner
        ArchRule rule = noClasses().that().doNotHaveFullyQualifiedName(MATCH)
                .and().doNotHaveFullyQualifiedName(TURN_CLOCK).and().doNotHaveFullyQualifiedName(PROMPTS)
                .and().doNotHaveFullyQualifiedName(REMOTE)
                .should().callMethodWhere(DescribedPredicate.describe("a change of the clock or the prompts",
                        (JavaMethodCall call) -> call.getTargetOwner().getName().equals(TURN_CLOCK)
                                && CLOCK_CHANGES.contains(call.getName())
                                || call.getTargetOwner().getName().equals(PROMPTS)
                                && (PROMPT_CHANGES.contains(call.getName()) || call.getName().equals("arbiterCalled")
                                && call.getTarget().getRawParameterTypes().size() == 1)
                                || call.getTargetOwner().getName().equals(REMOTE)
                                && (REMOTE_CHANGES.contains(call.getName()) || call.getName().equals("hint")
                                && call.getTarget().getRawParameterTypes().size() == 2)))
                .because("the clock, the prompts and the remote side change through the owner's transitions only");
        rule.check(ALL);
    }

    @Test
    void theMutableGameStaysWithItsOwners() {
        // the ply log holds the session's game; the inference's own record (its replays) and the record judge
        // and the replays' arbiter rule games of their own; everything else reads a GameHistory
        ArchRule session = noClasses().that().resideInAPackage(SESSION).and().doNotHaveFullyQualifiedName(PLY_LOG)
                .should().dependOnClassesThat().areAssignableTo(Game.class)
                .because("the session hands out the read-only GameHistory; only the ply log holds the Game");
        session.check(ALL);
        ArchRule parts = noClasses().that().resideInAnyPackage("org.shogiban.app..", "org.shogiban.link..",
                        "org.shogiban.engine..", "org.shogiban.bridge..", "org.shogiban.hall..",
                        "org.shogiban.service..", "org.shogiban.cli..", "org.shogiban.journal..",
                        "org.shogiban.simulator.web..", "org.shogiban.simulator.console..",
                        "org.shogiban.simulator.hallsim..")
                .should().dependOnClassesThat().areAssignableTo(Game.class)
                .because("the runtime and its parts read the game the session hands out, a GameHistory");
        parts.check(ALL);
    }

    @Test
    void theInferencesStateHasOneOwnerWithPrivateFields() {
        ArchRule rule = fields().that().areDeclaredInClassesThat().haveFullyQualifiedName(INFERENCE_STATE)
                .should().bePrivate()
                .because("what the inference has read changes only through its state's named outcomes");
        rule.check(ALL);
        ArchRule changes = noClasses().that().doNotHaveFullyQualifiedName(INFERENCE_STATE)
                .and().doNotHaveFullyQualifiedName(INFERENCE + ".SensorTrail")
                .and().doNotHaveFullyQualifiedName(INFERENCE + ".ChangeLog")
                .should().callMethodWhere(DescribedPredicate.describe("a change of the sensor changes' order",
                        (JavaMethodCall call) -> call.getTargetOwner().getName().equals(INFERENCE + ".ChangeLog")
                                && Set.of("record", "add", "clear").contains(call.getName())))
                .because("the sensor trail records each change and the inference's state forgets them: one writer");
        changes.check(ALL);
    }

    @Test
    void theInferencesHelpersCallTheStateNotTheInference() {
        ArchRule rule = noClasses().that().resideInAPackage(INFERENCE)
                .and().doNotHaveFullyQualifiedName(INFERENCE + ".MoveInference")
                .and().doNotHaveFullyQualifiedName(INFERENCE + ".PositionSetup") // it makes the inference
                .should().dependOnClassesThat().haveFullyQualifiedName(INFERENCE + ".MoveInference")
                .because("the helpers (still board, reply, clock presses) read the inference's state and call its"
                        + " outcomes; the inference only feeds them");
        rule.check(ALL);
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

    private static DescribedPredicate<JavaClass> resideInSessionOutside(Set<String> owners) {
        return DescribedPredicate.describe("reside in the session, outside the owner and its parts",
                c -> c.getPackageName().equals(SESSION) && !owners.contains(c.getName()));
    }

    private static DescribedPredicate<JavaMethodCall> sideNamedByTheEnum() {
        return DescribedPredicate.describe("Side.name() or Side.valueOf(String)",
                call -> call.getTargetOwner().isEquivalentTo(Side.class)
                        && (call.getName().equals("name") || call.getName().equals("valueOf")));
    }
}
