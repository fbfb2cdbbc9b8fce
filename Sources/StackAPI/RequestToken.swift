import Foundation

/// The logged-in user's access token as a request carries it: in the query of a read (GET), in the form body of a
/// write (POST). Printing, dumping or interpolating a request never shows its characters; only `RequestFactory`
/// reads them, when it writes the URL or the body.
public struct RequestToken: Hashable, Sendable {
    /// The token's characters.
    let secret: String

    /// Wraps `secret`.
    public init(_ secret: String) {
        self.secret = secret
    }
}

extension RequestToken: CustomStringConvertible, CustomReflectable {
    /// `<access token>`: never the characters.
    public var description: String { "<access token>" }

    /// What `dump` and debuggers show: the description alone.
    public var customMirror: Mirror { Mirror(self, children: ["token": description], displayStyle: .struct) }
}
