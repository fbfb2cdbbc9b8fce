import Foundation
import StackStore
import TestSupport
import XCTest

/// The sample site shipped in Resources/sample: found from a program in the build folder, in an installed prefix or
/// through STACKTERM_SAMPLE, and imported whole into a store once.
final class SampleSiteTests: XCTestCase {
    func testTheShippedArchiveIsFoundFromTheBuildFolderAndImportsTheWholeSiteOnce() throws {
        let archive = try XCTUnwrap(SampleSite.archive(executable: BuildProducts.executable("stackterm"), environment: [:]),
                                    "Resources/sample is found above .build")
        XCTAssertTrue(archive.path.hasSuffix("Resources/sample/cardano.stackexchange.com.7z"), archive.path)
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let store = try Store(fileURL: folder.url.appendingPathComponent("store.sqlite"))
        let first = try store.importSample(from: archive)
        XCTAssertEqual(first.rowsWritten["Posts.xml"], 2_630, "every row of the sample's Posts.xml")
        XCTAssertEqual(try store.questionCount(site: SampleSite.site), 1_042)
        let again = try store.importSample(from: archive)
        XCTAssertEqual(Set(again.alreadyImported), ["Posts.xml", "Users.xml", "Comments.xml", "Tags.xml", "PostLinks.xml"])
    }

    func testAnInstalledPrefixAndTheEnvironmentAreLookedInFirst() throws {
        let prefix = try TemporaryDirectory()
        defer { prefix.remove() }
        let installed = prefix.url.appendingPathComponent("share/stackterm/sample/" + SampleSite.archiveName)
        try FileManager.default.createDirectory(at: installed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("7z".utf8).write(to: installed)
        let program = prefix.url.appendingPathComponent("bin/stackterm")
        XCTAssertEqual(SampleSite.archive(executable: program, environment: [:])?.path, installed.path)
        let named = prefix.url.appendingPathComponent("elsewhere.7z")
        try Data("7z".utf8).write(to: named)
        XCTAssertEqual(SampleSite.archive(executable: program, environment: [SampleSite.environmentVariable: named.path])?.path, named.path)
        XCTAssertNil(SampleSite.archive(executable: URL(fileURLWithPath: "/nonexistent/bin/stackterm"), environment: [:]))
    }
}
