/// How screens and `stackterm print` show a number or date the API sent out of range: as `?`.
public enum UnknownValue {
    public static let mark = "?"

    /// `number` in decimal, or `mark` when it is unknown.
    public static func text(_ number: Int?) -> String {
        number.map(String.init) ?? mark
    }
}
