/// A count with its noun in the right number, the one way every screen and `stackterm print` writes one.
public enum Plural {
    /// "1 question", "30 questions", "0 answers"; `?` with the plural for nil (a count the API sent out of range).
    public static func count(_ count: Int?, _ singular: String, plural: String? = nil) -> String {
        let many = plural ?? singular + "s"
        guard let count else { return UnknownValue.mark + " " + many }
        return "\(count) " + (count == 1 ? singular : many)
    }
}
