import Foundation
import TestSupport
import XCTest

/// Compares what one step of the parity script showed online and offline, as its allowance says.
enum ParityComparison {
    /// The status line without its right side (the quota online, `offline` offline): the count or the message.
    static func statusLine(_ line: String) -> String {
        guard let gap = line.range(of: "   ", options: .backwards) else { return line }
        return String(line[..<gap.lowerBound]).trimmingCharacters(in: .whitespaces)
    }

    static func check(_ step: ParityStep, online: [String], offline: [String],
                      file: StaticString = #filePath, line: UInt = #line) {
        let both = "\n--- online\n" + online.joined(separator: "\n") + "\n--- offline\n" + offline.joined(separator: "\n")
        switch step.allowed {
        case nil:
            XCTAssertEqual(online, offline, "\(step.name): online and offline differ, and README lists no reason\n"
                           + difference(online, offline) + both, file: file, line: line)
        case .onlineOnlySorts:
            break
        case .relevanceOrder:
            XCTAssertFalse(titles(online).isEmpty || titles(offline).isEmpty, "\(step.name): a side found nothing" + both,
                           file: file, line: line)
        case .searchMatches:
            // Both list the questions either matches in the same order: the titles they share come in one order.
            let onlineTitles = titles(online), offlineTitles = titles(offline)
            let shared = Set(onlineTitles).intersection(offlineTitles)
            XCTAssertFalse(shared.isEmpty, "\(step.name): no question in common" + both, file: file, line: line)
            XCTAssertEqual(onlineTitles.filter(shared.contains), offlineTitles.filter(shared.contains),
                           "\(step.name): the questions both match come in another order" + both, file: file, line: line)
            XCTAssertEqual(online.first, offline.first, "\(step.name): headers differ" + both, file: file, line: line)
        case .heldSites:
            let onlineSites = Set(siteNames(online)), offlineSites = siteNames(offline)
            XCTAssertFalse(offlineSites.isEmpty, "\(step.name): offline lists no site" + both, file: file, line: line)
            XCTAssertTrue(offlineSites.allSatisfy(onlineSites.contains),
                          "\(step.name): offline lists a site the API does not" + both, file: file, line: line)
        }
    }

    /// The rows of a list screen (below its two header rows, above the status line) without their score and
    /// answer columns: `score ans  title…`.
    static func titles(_ screen: [String]) -> [String] {
        screen.dropFirst(2).dropLast().compactMap { row in
            guard let match = row.range(of: #"^ *-?[0-9]+ +[✓ ]?[0-9]* +"#, options: .regularExpression) else { return nil }
            return String(row[match.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
    }

    /// The API names in a site picker's rows: `  Name (api) · host`, or `  api · host` for a site known by its API name.
    static func siteNames(_ screen: [String]) -> [String] {
        screen.compactMap { row in
            if let open = row.range(of: " ("), let close = row.range(of: ") · ", range: open.upperBound..<row.endIndex) {
                return String(row[open.upperBound..<close.lowerBound]) // `Cardano (cardano) · …`
            }
            // A site named by its API name alone (`cardano · …`, as the store knows it).
            guard let dot = row.range(of: " · ") else { return nil }
            let name = row[..<dot.lowerBound].trimmingCharacters(in: .whitespaces)
            return name.isEmpty || name.contains(" ") ? nil : name
        }
    }

    /// The first rows that differ, numbered, for a failure message.
    static func difference(_ online: [String], _ offline: [String]) -> String {
        var lines: [String] = []
        for index in 0..<max(online.count, offline.count) {
            let left = index < online.count ? online[index] : "⟨none⟩"
            let right = index < offline.count ? offline[index] : "⟨none⟩"
            guard left != right else { continue }
            lines.append("row \(index):\n  online:  \(left)\n  offline: \(right)")
            if lines.count == 8 { break }
        }
        return lines.joined(separator: "\n")
    }
}

/// README.md's list of the differences between online and offline.
enum ParityREADME {
    static let heading = "Online and offline differ only where the store cannot know what the API knows:"

    /// The bold lead of each bullet of the list (`- **hot, week and month** are…` gives `hot, week and month`).
    static func allowances() throws -> [String] {
        let readme = try String(contentsOf: SharedData.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: heading) else { return [] }
        var bullets: [String] = []
        for line in readme[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            if line.hasPrefix("  ") { continue }
            guard line.hasPrefix("- **"), let end = line.dropFirst(4).range(of: "**") else { break }
            bullets.append(String(line.dropFirst(4)[..<end.lowerBound]))
        }
        return bullets
    }
}
