import Foundation
import GRDB

extension Store {
    public func savedIDs(site: String) throws(StoreError) -> Set<Int> {
        try read { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return [] }
            let (low, high) = StoreKey.range(site: siteID)
            return Set(try Int64.fetchAll(db, sql: "SELECT question FROM saved WHERE question >= ? AND question < ?",
                                          arguments: [low, high]).map(StoreKey.id))
        }
    }

    public func isSaved(site: String, questionID: Int) throws(StoreError) -> Bool {
        try read { db in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return false }
            return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM saved WHERE question = ?)",
                                     arguments: [StoreKey.make(site: siteID, id: questionID)]) ?? false
        }
    }
}
