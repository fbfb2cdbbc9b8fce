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
        require(isClean(reason), "a reason with a control character")
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
        require(isClean(text), "a control character in \(text.debugDescription)")
        require(text.unicodeScalars.count <= LiveActivity.maximumTextLength, "a text over the length limit")
    }
    if let summary = activity.bodySummary {
        require(isClean(summary), "a control character in the summary")
        require(summary.unicodeScalars.count <= LiveActivity.maximumSummaryLength, "a summary over the length limit")
    }
    if let url = activity.url { require(url.hasPrefix("https://") || url.hasPrefix("http://"), "a non-web address") }
}
