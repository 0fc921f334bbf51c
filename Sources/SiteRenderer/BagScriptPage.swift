/// The kinds of page `bag.js` works on, each with the messages it needs there. bag.js runs on
/// every page, so every page carries its messages (`bagStringsJSON`); splitting them by page keeps
/// the bag page's dozen sentences off the many product pages and those off every other page.
enum BagScriptPage: String {
    /// Any page: the header's bag link names how many items the bag holds.
    case any
    /// A product page: Add to bag and the heart.
    case product
    case bag
    case favourites

    var messageIDs: [String] {
        let count = ["bagCountLabel", "bagCountEmpty"]
        switch self {
        case .any:
            return count
        case .product:
            return count + ["bagAdded", "bagFull", "bagView", "favouritesKept", "favouritesRemovedHere", "favouritesView"]
        case .bag:
            return count + [
                "bagQuantityOf", "bagOneFewer", "bagOneMore", "bagRemove", "bagRemoveNamed", "bagMixedCurrencies",
                "bagRemoved", "bagQuantityNow", "listAnd", "listSeparator",
            ]
        case .favourites:
            return count + [
                "favouritesAddNamed", "addToBag", "favouritesRemoveNamed", "bagRemove", "favouritesAdded", "bagFullShort",
                "bagView", "favouritesRemoved",
            ]
        }
    }
}
