/// The rowid of a question in `title_fts`: its site in the high bits, then its title's length in words (capped at
/// 63), then its id on the site in the low 40 bits.
///
/// So the index's own rowid order within a site is shortest title first, which is bm25's order among title
/// matches whenever each search word occurs once in the title (nearly always: bm25 then depends on the length
/// alone). A search reads title matches in that order and stops after the rows it shows, instead of scoring every
/// match of a common word. The rowid is a function of the site, id and title: an edited title moves the row.
enum TitleKey {
    private static let lengthShift = Int64(StoreKey.idBits)
    private static let siteShift = lengthShift + 6
    private static let maxLength: Int64 = 63

    static func rowid(questionKey: Int64, title: String) -> Int64 {
        let length = min(Int64(IndexText.wordCount(title)), maxLength)
        return StoreKey.site(questionKey) &<< siteShift | length << lengthShift | questionKey & StoreKey.idMask
    }

    /// The question key (`StoreKey`) of a `title_fts` rowid.
    static func questionKey(_ rowid: Int64) -> Int64 {
        StoreKey.make(site: rowid >> siteShift, id: StoreKey.id(rowid))
    }

    /// The first and one-past-last rowids of `site`, for range scans.
    static func range(site: Int64) -> (Int64, Int64) { (site &<< siteShift, (site + 1) &<< siteShift) }
}
