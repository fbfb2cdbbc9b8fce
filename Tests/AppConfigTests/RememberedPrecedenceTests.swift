import AppConfig
import StackAPI
import XCTest

/// Site, sort and tag filter remembered from the last run: a flag (or a URL's site) wins, then what the config file
/// names, then what was remembered, then the default; the sort and tags come from the memory of the site chosen, and
/// the status line is told what the memory decided.
final class RememberedPrecedenceTests: XCTestCase {
    private let fullFile = PartialSettings(site: "cardano", sort: .votes, tagged: ["plutus"])
    private let memory: [String: (sort: QuestionSort?, tagged: [String]?)] = [
        "beer": (.creation, ["ipa"]), "cardano": (.month, []), "coffee": (nil, nil), "stackoverflow": (.activity, nil),
    ]

    private func settings(_ flags: CommandLineSettings, file: PartialSettings, startSite: String? = nil,
                          lastSite: String?) -> (EffectiveSettings, String?) {
        var settings = EffectiveSettings(commandLine: flags, environment: [:], config: ConfigFile(settings: file))
        let notice = settings.restore(commandLine: flags, file: file, startSite: startSite, lastSite: lastSite) {
            self.memory[$0] ?? (nil, nil)
        }
        return (settings, notice)
    }

    /// The trap of issue 32: a run whose config file was ignored (a typo) remembered stackoverflow · activity; the
    /// mended file's site and sort take effect on the next run.
    func testTheConfigFileBeatsWhatAnIgnoredRunRemembered() {
        let (restored, notice) = settings(CommandLineSettings(), file: fullFile, lastSite: "stackoverflow")
        XCTAssertEqual([restored.site, restored.sort.rawValue], ["cardano", "votes"])
        XCTAssertEqual(restored.tagged, ["plutus"])
        XCTAssertNil(notice, "nothing came from the memory")
    }

    func testWhatTheFileDoesNotNameComesFromTheMemoryAndIsSaid() {
        let (restored, notice) = settings(CommandLineSettings(), file: PartialSettings(), lastSite: "beer")
        XCTAssertEqual([restored.site, restored.sort.rawValue], ["beer", "creation"])
        XCTAssertEqual(restored.tagged, ["ipa"])
        XCTAssertEqual(notice, "As you left it: beer, sort creation, tagged ipa (a flag or the config file decides instead)")
        XCTAssertLessThanOrEqual(notice?.count ?? 0, 80 * 2, "two status lines at most at 80 columns")
    }

    func testTheFilesSiteBringsItsRememberedSortWhenTheFileNamesNone() {
        let (restored, notice) = settings(CommandLineSettings(), file: PartialSettings(site: "cardano"), lastSite: "beer")
        XCTAssertEqual([restored.site, restored.sort.rawValue], ["cardano", "month"])
        XCTAssertEqual(restored.tagged, [], "the remembered empty filter is the default's: not said")
        XCTAssertEqual(notice, "As you left it: sort month (a flag or the config file decides instead)")
    }

    func testAValueEqualToWhatWouldBeUsedAnywayIsNotSaid() {
        let (restored, notice) = settings(CommandLineSettings(), file: PartialSettings(), lastSite: "stackoverflow")
        XCTAssertEqual([restored.site, restored.sort.rawValue], ["stackoverflow", "activity"])
        XCTAssertNil(notice)
    }

    func testFlagsBeatTheFileAndTheMemoryOneByOne() {
        let (site, _) = settings(CommandLineSettings(site: "coffee"), file: PartialSettings(), lastSite: "beer")
        XCTAssertEqual([site.site, site.sort.rawValue], ["coffee", "activity"], "coffee has no memory: the default sort")
        let (sort, _) = settings(CommandLineSettings(sort: .hot), file: fullFile, lastSite: "beer")
        XCTAssertEqual([sort.site, sort.sort.rawValue], ["cardano", "hot"])
        XCTAssertEqual(sort.tagged, ["plutus"])
        let (tags, _) = settings(CommandLineSettings(tagged: []), file: PartialSettings(), lastSite: "beer")
        XCTAssertEqual(tags.tagged, [], "--tagged '' clears a remembered filter")
    }

    func testAURLsSiteWinsAndBringsItsOwnMemory() {
        let (restored, notice) = settings(CommandLineSettings(site: "coffee"), file: PartialSettings(site: "cardano"),
                                          startSite: "beer", lastSite: "cardano")
        XCTAssertEqual([restored.site, restored.sort.rawValue], ["beer", "creation"])
        XCTAssertEqual(notice, "As you left it: sort creation, tagged ipa (a flag or the config file decides instead)")
    }
}
