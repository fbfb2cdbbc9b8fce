import Foundation
import FuzzSupport
import StackAPI

/// One realtime socket message through `LiveMessage.decode`. First byte: bit 0 filters by the site `cardano`,
/// bit 1 wraps the rest as the inner object of an active-questions message (so mutations reach the inner decoder
/// without breaking the outer JSON); the rest is the message (or the inner object).
///
/// Checked on every activity: no control character, bidi control or direction mark in any text, a plausible site
/// parameter (the filter's, when filtering), a positive id, bounded texts and tag list, only http(s) addresses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLive(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzInput(bytes, count, run)
}

private func run(_ selector: UInt8, _ rest: UnsafeBufferPointer<UInt8>) {
    let site: String? = selector & 1 == 1 ? "cardano" : nil
    var message = Data(buffer: rest)
    if selector & 2 == 2 {
        let inner = String(decoding: message, as: UTF8.self)
        message = (try? JSONSerialization.data(withJSONObject: ["action": LiveMessage.activeQuestionsTopic, "data": inner]))
            ?? Data()
    }
    switch LiveMessage.decode(message, site: site) {
    case .activity(let activity):
        check(activity, site: site)
    case .heartbeat:
        break
    case .ignored(let reason), .malformed(let reason):
        require(clean(reason), "a reason with a control character")
    }
}

private func check(_ activity: LiveActivity, site: String?) {
    if let site { require(activity.site == site, "another site passed the filter") }
    require(!activity.site.isEmpty && activity.site.utf8.allSatisfy { $0 < 0x80 && $0 != 0x20 }, "a bad site parameter")
    require(activity.questionID > 0, "a question id below 1")
    require(!activity.title.isEmpty, "an empty title")
    require(activity.tags.count <= LiveActivity.maximumTags, "too many tags")
    let texts = [activity.title, activity.ownerDisplayName ?? "", activity.url ?? ""] + activity.tags
    for text in texts {
        require(clean(text), "a control character in \(text.debugDescription)")
        require(text.unicodeScalars.count <= LiveActivity.maximumTextLength, "a text over the length limit")
    }
    if let summary = activity.bodySummary {
        require(clean(summary), "a control character in the summary")
        require(summary.unicodeScalars.count <= LiveActivity.maximumSummaryLength, "a summary over the length limit")
    }
    if let url = activity.url { require(url.hasPrefix("https://") || url.hasPrefix("http://"), "a non-web address") }
}

/// No C0/C1 control, DEL, bidi embedding/override/isolate or direction mark.
private func clean(_ text: String) -> Bool {
    !text.unicodeScalars.contains { scalar in
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }
}
