import Foundation

/// The POST body of a write: its fields (`site`, `filter`, `body`, `preview`) and the access token, which the API
/// requires in the body of writes. Printing, dumping or hashing a form never shows the token's characters.
public struct WriteForm: Hashable, Sendable {
    /// The fields other than `access_token` and `key`, in the order they are sent.
    public var fields: [URLQueryItem]
    /// The token, read only by `RequestFactory` when it writes the body.
    let accessToken: String

    /// A form of `fields` sent with `accessToken`.
    public init(fields: [URLQueryItem], accessToken: String) {
        self.fields = fields
        self.accessToken = accessToken
    }

    /// The value of the field `name`, if sent.
    public func value(of name: String) -> String? {
        fields.first { $0.name == name }?.value
    }
}

extension WriteForm: CustomStringConvertible, CustomReflectable {
    /// The field names and `access_token=<redacted>`: never the token.
    public var description: String {
        "WriteForm(" + (fields.map(\.name) + ["access_token=<redacted>"]).joined(separator: ", ") + ")"
    }

    /// What `dump` and debuggers show: the description, never the token.
    public var customMirror: Mirror { Mirror(self, children: ["form": description], displayStyle: .struct) }
}
