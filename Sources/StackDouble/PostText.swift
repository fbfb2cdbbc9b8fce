import Foundation
import StackAPI

/// Text helpers for the double: URL slugs, searchable body text, licences (escaping is `HTMLEntities.escape`).
enum PostText {
    /// A URL slug as the sites write it (`QuestionSlug`: "What's up?" is `whats-up`), at most 80 characters.
    static func slug(_ title: String) -> String {
        QuestionSlug.make(title)
    }

    /// The visible text of an HTML body, lowercased, for search: tags dropped, entities decoded.
    static func searchableText(_ html: String) -> String {
        var text = ""
        text.reserveCapacity(html.utf8.count)
        var inTag = false
        for character in html {
            if character == "<" { inTag = true; continue }
            if character == ">" { inTag = false; text.append(" "); continue }
            if !inTag { text.append(character) }
        }
        return HTMLEntities.decode(text).lowercased()
    }

    /// The licence of a post: its dump attribute, else by date as Stack Exchange assigns it.
    static func license(_ explicit: String?, created: Date) -> String {
        if let explicit { return explicit }
        if created < Date(timeIntervalSince1970: 1_302_220_800) { return "CC BY-SA 2.5" } // 2011-04-08
        if created < Date(timeIntervalSince1970: 1_525_219_200) { return "CC BY-SA 3.0" } // 2018-05-02
        return "CC BY-SA 4.0"
    }
}
