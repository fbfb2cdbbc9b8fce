import AppConfig
import StackAPI
import XCTest

/// Site, sort and tag filter remembered from the last run: a flag (or a URL's site) wins, then what was remembered,
/// then the config file, then the default; the sort and tags come from the memory of the site chosen.
final class RememberedPrecedenceTests: XCTestCase {
    private let file = ConfigFile(settings: PartialSettings(site: "cardano", sort: .votes, tagged: ["plutus"]))
    private let memory: [String: (sort: QuestionSort?, tagged: [String]?)] = [
        "beer": (.creation, ["ipa"]), "cardano": (.month, []), "coffee": (nil, nil),
    ]

    private func settings(_ flags: CommandLineSettings, startSite: String? = nil, lastSite: String?) -> EffectiveSettings {
        var settings = EffectiveSettings(commandLine: flags, environment: [:], config: file)
        settings.restore(commandLine: flags, startSite: startSite, lastSite: lastSite) { memory[$0] ?? (nil, nil) }
        return settings
    }

    func testTheRememberedSiteAndItsSortAndTagsBeatTheConfigFile() {
        let restored = settings(CommandLineSettings(), lastSite: "beer")
        XCTAssertEqual([restored.site, restored.sort.rawValue], ["beer", "creation"])
        XCTAssertEqual(restored.tagged, ["ipa"])
    }

    func testARememberedEmptyTagFilterClearsTheConfigFiles() {
        let restored = settings(CommandLineSettings(), lastSite: nil)
        XCTAssertEqual(restored.site, "cardano")
        XCTAssertEqual(restored.sort, .month)
        XCTAssertEqual(restored.tagged, [])
    }

    func testFlagsBeatWhatWasRememberedOneByOne() {
        let site = settings(CommandLineSettings(site: "coffee"), lastSite: "beer")
        XCTAssertEqual([site.site, site.sort.rawValue], ["coffee", "votes"], "coffee has no memory: the file's sort")
        XCTAssertEqual(site.tagged, ["plutus"])
        let sort = settings(CommandLineSettings(sort: .hot), lastSite: "beer")
        XCTAssertEqual([sort.site, sort.sort.rawValue], ["beer", "hot"])
        XCTAssertEqual(sort.tagged, ["ipa"])
        let tags = settings(CommandLineSettings(tagged: []), lastSite: "beer")
        XCTAssertEqual(tags.tagged, [], "--tagged '' clears a remembered filter")
    }

    func testAURLsSiteWinsAndBringsItsOwnMemory() {
        let restored = settings(CommandLineSettings(site: "coffee"), startSite: "beer", lastSite: "cardano")
        XCTAssertEqual([restored.site, restored.sort.rawValue], ["beer", "creation"])
    }
}
