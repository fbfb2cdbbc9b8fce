import Foundation
import StackAPI

/// Every site of the network (`/sites`), as the site picker shows them, and those the store holds.
public struct SiteList: Sendable, Hashable {
    /// The sites, by name.
    public var sites: [Site]
    /// The API names of the sites the local store holds questions of (readable offline).
    public var held: Set<String>

    public init(sites: [Site], held: Set<String> = []) {
        self.sites = sites
        self.held = held
    }
}
