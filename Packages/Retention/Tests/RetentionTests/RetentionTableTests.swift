import GraphQLCore
import Retention
import Testing

private let rootA = OperationIdentity(hash: "aaaaaaaaaaaaaaaa")
private let rootB = OperationIdentity(hash: "bbbbbbbbbbbbbbbb")
private let rootC = OperationIdentity(hash: "cccccccccccccccc")
private let rootD = OperationIdentity(hash: "dddddddddddddddd")

@Suite("RetentionTable")
struct RetentionTableTests {
    @Test("each attach gets its own retention id, also for the same root and policy")
    func uniqueIDs() {
        var table = RetentionTable(releaseBufferSize: 2)
        let ids = (0..<100).map { _ in table.retain(root: rootA, policy: .storeOrNetwork) }
        #expect(Set(ids).count == 100)
        #expect(table.holders(of: rootA).map(\.id) == ids)
    }

    @Test("one root keeps every holder's policy, and stays retained until its last holder releases")
    func oneRootManyHolders() {
        var table = RetentionTable(releaseBufferSize: 2)
        let first = table.retain(root: rootA, policy: .storeOnly)
        let second = table.retain(root: rootA, policy: .networkOnly)
        let third = table.retain(root: rootA, policy: .storeAndNetwork)

        #expect(table.holders(of: rootA).map(\.policy) == [.storeOnly, .networkOnly, .storeAndNetwork])
        #expect(table.retainedRoots == [rootA])

        #expect(table.release(second) == .none)
        #expect(table.release(first) == .none)
        #expect(table.holders(of: rootA).map(\.id) == [third])
        #expect(table.isRetained(rootA))
        #expect(table.releaseBuffer.isEmpty)

        #expect(table.release(third) == .rootReleased(rootA))
        #expect(table.holders(of: rootA).isEmpty)
        #expect(table.retainedRoots.isEmpty)
        #expect(table.releaseBuffer == [rootA])
    }

    @Test("a storeOnly holder allows no network; a storeOrNetwork holder does, until it releases")
    func storeOnlyAndNetworkHolder() {
        var table = RetentionTable(releaseBufferSize: 2)
        _ = table.retain(root: rootA, policy: .storeOnly)
        #expect(table.anyHolderAllowsNetwork(rootA) == false)

        let networkHolder = table.retain(root: rootA, policy: .storeOrNetwork)
        #expect(table.anyHolderAllowsNetwork(rootA) == true)

        #expect(table.release(networkHolder) == .none)
        #expect(table.anyHolderAllowsNetwork(rootA) == false)
        #expect(table.isRetained(rootA))
    }

    @Test("a root nobody holds does not allow the network, also while it waits in the release buffer")
    func unheldRootAllowsNoNetwork() {
        var table = RetentionTable(releaseBufferSize: 2)
        #expect(table.anyHolderAllowsNetwork(rootA) == false)
        let id = table.retain(root: rootA, policy: .networkOnly)
        _ = table.release(id)
        #expect(table.releaseBuffer == [rootA])
        #expect(table.anyHolderAllowsNetwork(rootA) == false)
    }

    @Test("the release buffer keeps its size and evicts the oldest released root first")
    func bufferEvictionOrder() {
        var table = RetentionTable(releaseBufferSize: 2)
        let a = table.retain(root: rootA, policy: .storeOrNetwork)
        let b = table.retain(root: rootB, policy: .storeOrNetwork)
        let c = table.retain(root: rootC, policy: .storeOrNetwork)
        let d = table.retain(root: rootD, policy: .storeOrNetwork)

        #expect(table.release(b) == .rootReleased(rootB))
        #expect(table.release(a) == .rootReleased(rootA))
        #expect(table.releaseBuffer == [rootB, rootA])

        #expect(table.release(d) == .evicted([rootB], released: rootD))
        #expect(table.releaseBuffer == [rootA, rootD])

        #expect(table.release(c) == .evicted([rootA], released: rootC))
        #expect(table.releaseBuffer == [rootD, rootC])
        #expect(table.collectionRoots == [rootD, rootC])
    }

    @Test("a buffer of size zero evicts the released root at once")
    func zeroSizedBuffer() {
        var table = RetentionTable(releaseBufferSize: 0)
        let id = table.retain(root: rootA, policy: .storeOnly)
        #expect(table.release(id) == .evicted([rootA], released: rootA))
        #expect(table.releaseBuffer.isEmpty)
        #expect(table.collectionRoots.isEmpty)
    }

    @Test("a negative buffer size keeps nothing, like zero, instead of trapping")
    func negativeBufferSize() {
        var table = RetentionTable(releaseBufferSize: -3)
        #expect(table.releaseBufferSize == 0)
        let id = table.retain(root: rootA, policy: .storeOnly)
        #expect(table.release(id) == .evicted([rootA], released: rootA))
    }

    @Test("retaining a buffered root takes it out of the buffer, so it is not the next to be evicted")
    func reRetainFromBuffer() {
        var table = RetentionTable(releaseBufferSize: 2)
        let a = table.retain(root: rootA, policy: .storeOrNetwork)
        let b = table.retain(root: rootB, policy: .storeOrNetwork)
        _ = table.release(a)
        _ = table.release(b)
        #expect(table.releaseBuffer == [rootA, rootB])

        let again = table.retain(root: rootA, policy: .storeOnly)
        #expect(table.releaseBuffer == [rootB])
        #expect(table.retainedRoots == [rootA])
        #expect(table.collectionRoots == [rootA, rootB])
        #expect(table.anyHolderAllowsNetwork(rootA) == false)

        let c = table.retain(root: rootC, policy: .storeOrNetwork)
        let d = table.retain(root: rootD, policy: .storeOrNetwork)
        #expect(table.release(c) == .rootReleased(rootC))
        #expect(table.release(d) == .evicted([rootB], released: rootD))
        #expect(table.release(again) == .evicted([rootC], released: rootA))
        #expect(table.releaseBuffer == [rootD, rootA])
    }

    @Test("releasing the same retention twice is a no-op the second time, and does not release another holder")
    func doubleRelease() {
        var table = RetentionTable(releaseBufferSize: 2)
        let first = table.retain(root: rootA, policy: .storeOrNetwork)
        let second = table.retain(root: rootA, policy: .storeOnly)

        #expect(table.release(first) == .none)
        #expect(table.release(first) == .none)
        #expect(table.holders(of: rootA).map(\.id) == [second])
        #expect(table.anyHolderAllowsNetwork(rootA) == false)

        #expect(table.release(second) == .rootReleased(rootA))
        #expect(table.release(second) == .none)
        #expect(table.releaseBuffer == [rootA])
    }

    @Test("releasing an id the table never made changes nothing")
    func unknownRelease() {
        var table = RetentionTable(releaseBufferSize: 1)
        let id = table.retain(root: rootA, policy: .networkOnly)
        #expect(table.release(RetentionID(rawValue: 9_999)) == .none)
        #expect(table.holders(of: rootA).map(\.id) == [id])
        #expect(table.releaseBuffer.isEmpty)
    }

    @Test("a released id does not come back when its root is retained again")
    func releasedIDStaysReleased() {
        var table = RetentionTable(releaseBufferSize: 2)
        let old = table.retain(root: rootA, policy: .storeOrNetwork)
        _ = table.release(old)
        let new = table.retain(root: rootA, policy: .storeOrNetwork)
        #expect(new != old)
        #expect(table.release(old) == .none)
        #expect(table.holders(of: rootA).map(\.id) == [new])
    }

    @Test("collection keeps the retained roots and the buffered ones")
    func collectionRoots() {
        var table = RetentionTable(releaseBufferSize: 1)
        _ = table.retain(root: rootA, policy: .storeOnly)
        let b = table.retain(root: rootB, policy: .storeOrNetwork)
        let c = table.retain(root: rootC, policy: .storeOrNetwork)
        _ = table.release(b)
        #expect(table.collectionRoots == [rootA, rootB, rootC])
        _ = table.release(c)
        #expect(table.collectionRoots == [rootA, rootC])
        #expect(table.retainedRoots == [rootA])
    }
}
