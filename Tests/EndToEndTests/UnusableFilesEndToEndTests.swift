import Foundation
import TestSupport
import XCTest

/// Issue 32: every message saying that the local store or the sample site cannot be used names the file's path and
/// the reason in words — `import` and `print --offline` without a store, `--sample` without a store or with a
/// damaged archive, the first screen's notice and its sample choice.
final class UnusableFilesEndToEndTests: StacktermTestCase {
    /// An API root nothing listens on: the network cannot be reached.
    private let unreachable = "http://127.0.0.1:9/2.3"

    /// A data home whose `stackterm` is a plain file, so the store's folder cannot be created; returns the data home,
    /// and the start of the sentence every message about it says.
    private func storeThatCannotBeMade() throws -> (URL, String) {
        let dataHome = try temporaryFolder("stackterm-unusable-store")
        let folder = dataHome.appendingPathComponent("stackterm")
        try Data("not a folder".utf8).write(to: folder)
        return (dataHome, "the local store's folder \(folder.path) cannot be used: it cannot be created (")
    }

    /// A sample archive that is no archive at all.
    private func damagedSample() throws -> URL {
        let archive = try temporaryFolder("stackterm-unusable-sample").appendingPathComponent("cardano.stackexchange.com.7z")
        try Data(repeating: 0x41, count: 4_096).write(to: archive)
        return archive
    }

    func testImportAndPrintOfflineNameTheStoresFolderAndWhy() throws {
        let (dataHome, sentence) = try storeThatCannotBeMade()
        let dump = try oneQuestionDump(in: try temporaryFolder("stackterm-unusable-dump"))
        for arguments in [["import", dump.path, "--site", "beer"], ["print", "--offline", "--site", "beer"]] {
            let ran = try StacktermRun.run(arguments, environment: ["XDG_DATA_HOME": dataHome.path])
            XCTAssertNotEqual(ran.status, 0, "\(arguments)")
            XCTAssertTrue(ran.errors.contains(sentence), "\(arguments): \(ran.errors)")
        }
    }

    func testTheSampleFlagWithoutAStoreNamesItsFolderAndWhy() throws {
        let (dataHome, sentence) = try storeThatCannotBeMade()
        let tmux = try launch(["--sample"], width: 300, baseURL: unreachable, environment: ["XDG_DATA_HOME": dataHome.path])
        XCTAssertTrue(tmux.waitFor(text: "stackterm: --sample needs the local store: " + sentence, timeout: 15), tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "EXIT=1"), tmux.screenDump())
    }

    func testTheSampleFlagWithADamagedArchiveNamesItAndWhy() throws {
        let archive = try damagedSample()
        let tmux = try launch(["--sample"], width: 300, baseURL: unreachable,
                              environment: ["XDG_DATA_HOME": try temporaryFolder("stackterm-unusable-sample-home").path,
                                            "STACKTERM_SAMPLE": archive.path])
        XCTAssertTrue(tmux.waitFor(text: "stackterm: the sample site's archive \(archive.path) cannot be used: ", timeout: 15),
                      tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "EXIT=1"), tmux.screenDump())
        XCTAssertFalse(try tmux.capture().joined().contains("Error:"), tmux.screenDump())
    }

    func testTheFirstScreenNamesTheStoreAndWhyAndTheSampleChoiceNamesTheArchiveAndWhy() throws {
        let (dataHome, sentence) = try storeThatCannotBeMade()
        let tmux = try launch(["--site", "stackoverflow"], width: 200, baseURL: unreachable,
                              environment: ["XDG_DATA_HOME": dataHome.path])
        XCTAssertTrue(tmux.waitFor(text: "No local store: " + sentence, timeout: 15), tmux.screenDump())
        XCTAssertTrue(tmux.waitFor(text: "Browse the sample site"), tmux.screenDump())
        try tmux.sendKeys(.key("Down"), .key("Enter"))
        XCTAssertTrue(tmux.waitFor(text: "The sample site could not be imported: there is no local store to import it into: "
            + sentence), tmux.screenDump())
        try quit(tmux)

        let archive = try damagedSample()
        let again = try launch(["--site", "stackoverflow"], width: 200, baseURL: unreachable,
                               environment: ["XDG_DATA_HOME": try temporaryFolder("stackterm-unusable-home").path,
                                             "STACKTERM_SAMPLE": archive.path])
        XCTAssertTrue(again.waitFor(text: "Browse the sample site", timeout: 15), again.screenDump())
        try again.sendKeys(.key("Down"), .key("Enter"))
        XCTAssertTrue(again.waitFor(text: "The sample site could not be imported: the sample site's archive \(archive.path) "
            + "cannot be used: ", timeout: 15), again.screenDump())
        XCTAssertFalse(try again.capture().joined(separator: " ").contains("the local store failed"), again.screenDump())
        try quit(again)
    }
}
