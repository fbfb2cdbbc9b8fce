import Foundation

/// Splits a dump's `Tags` attribute, written `<a><b>` (older dumps) or `|a|b|` (newer dumps).
public enum DumpTagList {
    /// `"<a><b>"` or `"|a|b|"` → `["a", "b"]`; empty input gives no tags.
    public static func parse(_ text: String) -> [String] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.first else { return [] }
        if first == "<" {
            return trimmed.split(whereSeparator: { $0 == "<" || $0 == ">" }).map(String.init)
        }
        return trimmed.split(separator: "|").map(String.init)
    }
}
