package org.shogiban.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogiban.app.BoardApplication;
import org.shogiban.app.BoardAssembly;
import org.shogiban.app.Resumption;
import org.shogiban.app.SerialLinks;
import org.shogiban.app.SessionJournal;
import org.shogiban.hal.Board;
import org.shogiban.link.LinkService;
import org.shogiban.link.LoggedEvent;
import org.shogiban.port.PortLinkedBoard;
import org.shogiban.rules.Position;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.GameSession;
import org.shogiban.simulator.SimulatorCli;

/**
 * The layering rules of the three modules, checked on their compiled classes: a change that breaks one fails the
 * build. Dependencies point inward (simulator → board-firmware → hal), Pi4J stays in {@code hal.pi4j}, and the
 * domain (rules, notation, inference, clock, session) does no I/O, starts no threads and knows no hardware adapter.
 */
class LayeringTest {
    /** The pure domain packages; clock and session may not exist yet, the rules cover them once they do. */
    private static final String[] DOMAIN = {"org.shogiban.rules..", "org.shogiban.notation..",
        "org.shogiban.inference..", "org.shogiban.clock..", "org.shogiban.session.."};

    private static final JavaClasses HAL = classesOf(Board.class);
    private static final JavaClasses FIRMWARE = classesOf(Position.class);
    private static final JavaClasses ALL = classesOf(Board.class, Position.class, SimulatorCli.class);

    /** The main classes of the modules that hold the given classes (their jar or classes directory). */
    private static JavaClasses classesOf(Class<?>... members) {
        List<URL> locations = java.util.Arrays.stream(members)
                .map(c -> c.getProtectionDomain().getCodeSource().getLocation())
                .toList();
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importUrls(locations);
    }

    @Test
    void pi4jIsUsedOnlyInHalPi4j() {
        ArchRule rule = noClasses().that().resideOutsideOfPackage("org.shogiban.hal.pi4j..")
                .should().dependOnClassesThat().resideInAPackage("com.pi4j..")
                .because("the hal's Pi4J adapters are the only code that touches the Raspberry Pi's chips");
        rule.check(ALL);
    }

    @Test
    void theDomainDoesNoIoStartsNoThreadsAndKnowsNoHardwareAdapter() {
        ArchRule rule = noClasses().that().resideInAnyPackage(DOMAIN)
                .should().dependOnClassesThat(ioThreadsOrAdapters())
                .because("rules, notation, inference, clock and session are pure Java: time is injected, callers"
                        + " do the I/O, and they are tested in milliseconds")
                .allowEmptyShould(true);
        rule.check(ALL);
    }

    @Test
    void rulesAndNotationKnowNothingOfTheHal() {
        ArchRule rule = noClasses().that().resideInAnyPackage("org.shogiban.rules..", "org.shogiban.notation..")
                .should().dependOnClassesThat().resideInAPackage("org.shogiban.hal..")
                .because("the rules and the game records are the same with or without a board")
                .allowEmptyShould(true);
        rule.check(ALL);
    }

    @Test
    void theHalDependsOnNothingAboveIt() {
        ArchRule rule = noClasses().that().resideInAPackage("org.shogiban.hal..")
                .should().dependOnClassesThat().resideInAnyPackage("org.shogiban.rules..", "org.shogiban.notation..",
                        "org.shogiban.inference..", "org.shogiban.app..", "org.shogiban.cli..",
                        "org.shogiban.simulator..", "org.shogiban.clock..", "org.shogiban.session..")
                .because("dependencies point inward: simulator → board-firmware → hal");
        rule.check(HAL);
    }

    @Test
    void boardFirmwareDoesNotDependOnTheSimulator() {
        ArchRule rule = noClasses().should().dependOnClassesThat().resideInAPackage("org.shogiban.simulator..")
                .because("dependencies point inward: simulator → board-firmware → hal");
        rule.check(FIRMWARE);
    }

    @Test
    void boardFirmwaresTopLevelPackagesHaveNoCycles() {
        ArchRule rule = slices().matching("org.shogiban.(*)..").should().beFreeOfCycles()
                .because("each package of board-firmware is a concept with one direction of use");
        rule.check(FIRMWARE);
    }

    @Test
    void onlyTheAssemblyPutsABoardTogether() {
        // the runtime, the journal and the resumption, and the USB link are built in app.BoardAssembly (the link
        // through SerialLinks, its helper) and nowhere else: serve, play and web ask the assembly
        ArchRule rule = noClasses().that().doNotHaveFullyQualifiedName(BoardAssembly.class.getName())
                .and().doNotHaveFullyQualifiedName(BoardApplication.class.getName()) // its constructors chain
                .should().callConstructorWhere(ownerIs(BoardApplication.class))
                .orShould().callMethodWhere(named(SessionJournal.class, "open"))
                .orShould().callMethodWhere(named(Resumption.class, "session"))
                .because("one builder wires the parts of a board, in the one order that keeps the journal first");
        rule.check(ALL);
        ArchRule link = noClasses().that().doNotBelongToAnyOf(SerialLinks.class)
                .should().callConstructorWhere(ownerIs(LinkService.class))
                .because("the USB link is a part made by its factory (SerialLinks.part) from its port, not by a"
                        + " command");
        link.check(ALL);
    }

    @Test
    void theSessionAndTheInferenceKnowNoRuntimeNorItsSurfaces() {
        ArchRule rule = noClasses().that().resideInAnyPackage("org.shogiban.session..", "org.shogiban.inference..")
                .should().dependOnClassesThat().resideInAnyPackage("org.shogiban.app..", "org.shogiban.journal..",
                        "org.shogiban.link..", "org.shogiban.service..", "org.shogiban.cli..")
                .because("the session and the inference are pure: the runtime passes their inputs in and their"
                        + " changes out (threads, disk, serial and HTTP are the runtime's)");
        rule.check(FIRMWARE);
    }

    @Test
    void thePartsSeeTheBoardOnlyThroughTheirPort() {
        // the link, the hall, the engine and the online site are made from a BoardPort: none reaches the runtime,
        // the assembly, the journal or the mutable session behind it
        ArchRule rule = noClasses().that().resideInAnyPackage("org.shogiban.engine..", "org.shogiban.hall..",
                        "org.shogiban.link..", "org.shogiban.port..", "org.shogiban.lishogi..")
                .should().dependOnClassesThat().resideInAPackage("org.shogiban.app..")
                .orShould().dependOnClassesThat().belongToAnyOf(GameSession.class)
                .because("a part is attached one way, through its port (docs/parts.md): what it may see and do is"
                        + " the port's, so the runtime's inside can change without the parts");
        rule.check(FIRMWARE);
    }

    @Test
    void noProductionClassReadsTheSnapshotsJsonBack() {
        // the JSON snapshot is written at the edge from the typed facts; whoever writes or sends it reads the facts,
        // never the text (the hall server and the USI bridge are hosts at the other end of the wire: they hold no
        // snapshot and read what arrives, as any host does)
        ArchRule rule = noClasses().that(holdTheSnapshot())
                .should().callMethodWhere(DescribedPredicate.describe("Jackson's readTree or readValue",
                        call -> call.getTargetOwner().getPackageName().startsWith("com.fasterxml.jackson")
                                && (call.getName().equals("readTree") || call.getName().startsWith("readValue"))))
                .because("the parts read BoardFacts; the snapshot's JSON is the edge's output, not a query API");
        rule.check(ALL);
    }

    @Test
    void theSnapshotIsWrittenAtTheEdgeAndNeverReadBack() {
        // inside the runtime and the parts the board is its typed facts (a change carries BoardFacts, no document);
        // the snapshot is made from them only where the text leaves the program: the runtime's snapshot() (the
        // console's state, /api/state; its FactsKeeper keeps the one written) and the link's STATE (the hall's MQTT
        // state is that STATE)
        ArchRule written = noClasses().that().resideInAPackage("org.shogiban..")
                .and().doNotBelongToAnyOf(BoardSnapshot.class, BoardApplication.class, PortLinkedBoard.class)
                .and().haveNameNotMatching("org\\.shogiban\\.app\\.FactsKeeper(\\$.*)?")
                .should().dependOnClassesThat().belongToAnyOf(BoardSnapshot.class)
                .because("the JSON snapshot is the edge's output (issue 25): a part or a stage reads BoardFacts");
        written.check(FIRMWARE);
        // nobody reads a written snapshot's fields back: outside it, only writing it (of, toJson) is called
        ArchRule notRead = noClasses().that().doNotBelongToAnyOf(BoardSnapshot.class)
                .should().callMethodWhere(DescribedPredicate.describe("a reader of the snapshot's fields",
                        call -> call.getTargetOwner().getName().startsWith(BoardSnapshot.class.getName())
                                && !List.of("of", "toJson", "withSeq").contains(call.getName())))
                .because("what a snapshot says is read from the facts it was written from");
        notRead.check(ALL);
    }

    @Test
    void theHallReadsNoLinkLineBack() {
        // the board's hall client answers its cmd topic from the link protocol's typed reply (LinkReply): SINCE's
        // events are the kept events, never a "* <seq> ..." line parsed again
        ArchRule rule = noClasses().that().resideInAPackage("org.shogiban.hall..")
                .should().callMethod(LoggedEvent.class, "parse", String.class)
                .because("inside the program the hall works on typed values; text is written at the wire only");
        rule.check(FIRMWARE);
    }

    /** Classes that use the snapshot or ask a board for its JSON state. */
    private static DescribedPredicate<JavaClass> holdTheSnapshot() {
        return DescribedPredicate.describe("use the board's snapshot or its JSON state", c ->
                c.getDirectDependenciesFromSelf().stream().anyMatch(d -> d.getTargetClass().getName()
                        .equals(BoardSnapshot.class.getName()))
                || c.getMethodCallsFromSelf().stream().anyMatch(call -> call.getName().equals("stateJson")
                        || call.getName().equals("toJson") && call.getTargetOwner().isEquivalentTo(
                        BoardSnapshot.class)));
    }

    @Test
    void theNotationPackageHasNoImportCycle() {
        // the model (notation), each format (kif, csa, jkf, usi) and the entry point (formats) are slices: the
        // formats use the model, the entry point uses the formats, and nothing uses its way back up
        ArchRule rule = slices().assignedFrom(new com.tngtech.archunit.library.dependencies.SliceAssignment() {
            @Override
            public com.tngtech.archunit.library.dependencies.SliceIdentifier getIdentifierOf(JavaClass c) {
                String pkg = c.getPackageName();
                if (pkg.equals("org.shogiban.notation")) {
                    return com.tngtech.archunit.library.dependencies.SliceIdentifier.of("notation (the model)");
                }
                if (pkg.startsWith("org.shogiban.notation.")) {
                    return com.tngtech.archunit.library.dependencies.SliceIdentifier.of(
                            "notation." + pkg.substring("org.shogiban.notation.".length()).split("\\.")[0]);
                }
                return com.tngtech.archunit.library.dependencies.SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the notation package and each of its subpackages";
            }
        }).should().beFreeOfCycles()
                .because("the record model knows no format, a format knows the model (and KIF's names), and only"
                        + " the entry point knows every format");
        rule.check(FIRMWARE);
    }

    private static DescribedPredicate<com.tngtech.archunit.core.domain.JavaConstructorCall> ownerIs(Class<?> owner) {
        return DescribedPredicate.describe("a constructor of " + owner.getSimpleName(),
                call -> call.getTargetOwner().isEquivalentTo(owner));
    }

    private static DescribedPredicate<com.tngtech.archunit.core.domain.JavaMethodCall> named(Class<?> owner,
                                                                                          String name) {
        return DescribedPredicate.describe(owner.getSimpleName() + "." + name,
                call -> call.getTargetOwner().isEquivalentTo(owner) && call.getName().equals(name));
    }

    /** File streams, java.nio.file, java.net, Thread, executors, and the hal's scan, memory and Pi4J packages. */
    private static DescribedPredicate<JavaClass> ioThreadsOrAdapters() {
        return DescribedPredicate.describe("do I/O, run threads or are hardware adapters", c -> {
            String name = c.getName();
            String pkg = c.getPackageName();
            return name.equals(File.class.getName())
                    || name.equals(FileInputStream.class.getName())
                    || name.equals(FileOutputStream.class.getName())
                    || name.equals(Thread.class.getName())
                    || pkg.equals("java.nio.file") || pkg.startsWith("java.nio.file.")
                    || pkg.equals("java.net") || pkg.startsWith("java.net.")
                    || pkg.equals("java.util.concurrent") && isExecutor(c.getSimpleName())
                    || pkg.startsWith("org.shogiban.hal.pi4j")
                    || pkg.startsWith("org.shogiban.hal.scan")
                    || pkg.startsWith("org.shogiban.hal.memory");
        });
    }

    private static boolean isExecutor(String simpleName) {
        return simpleName.contains("Executor") || simpleName.startsWith("ForkJoin")
                || simpleName.equals("CompletableFuture");
    }
}
