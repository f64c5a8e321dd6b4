import Foundation

/// The response to `query Items { items { id name title description count score active owner { id name } } }`
/// with `count` items, as the server sends it (with the `__typename`s the runtime adds to selections).
///
/// Every item has four strings, an Int, a Float, a Bool and an owner of its own; 10,000 items make
/// about 2.8 MB. Deterministic, so every run and every benchmark reads the same bytes. With
/// `nullDescriptionEvery`, every such item's `description` is `null`, as a server answers a field
/// whose resolver failed.
func makeItemsPayload(count: Int, nullDescriptionEvery: Int? = nil) -> Data {
    var text = #"{"data":{"items":["#
    text.reserveCapacity(count * 290 + 32)
    for index in 0..<count {
        if index > 0 { text += "," }
        text += #"{"__typename":"Item","id":"item-\#(index)","name":"Item \#(index)","#
        text += #""title":"The title of item \#(index)","#
        if let every = nullDescriptionEvery, index % every == 0 {
            text += #""description":null,"#
        } else {
            text += #""description":"A description of item \#(index), long enough to look real.","#
        }
        text += #""count":\#(index % 1000),"score":\#(Double(index % 10_000) / 8 + 0.25),"active":\#(index % 3 == 0),"#
        text += #""owner":{"__typename":"User","id":"user-\#(index)","name":"Owner of item \#(index)"}}"#
    }
    text += "]}}"
    return Data(text.utf8)
}
