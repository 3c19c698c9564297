package mana.core.fn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The rank side of switching hot-added providers on at an agreed event (no MPI: the protocol's logic). */
class ActivationsTest {
    final AtomicInteger readyCalls = new AtomicInteger();
    final List<String> switched = new ArrayList<>();

    @BeforeEach
    void reset() {
        Activations.reset();
    }

    @AfterEach
    void cleanUp() {
        Activations.reset();
    }

    private boolean deferTopo() {
        return Activations.defer("mana.wrappers.cart", TopoProvider.class, "cart-provider", () -> switched.add("cart"));
    }

    @Test
    void withoutAnAgreementAProviderIsToBeSwitchedOnAtOnce() {
        assertFalse(deferTopo());
        assertEquals("", Activations.pendingKeys());
    }

    @Test
    void withAnAgreementAProviderWaitsAndTheAgentIsTold() {
        Activations.agreeWith(readyCalls::incrementAndGet);
        assertTrue(deferTopo());
        assertEquals(1, readyCalls.get());
        assertEquals("mana.wrappers.cart:TopoProvider", Activations.pendingKeys());
        assertTrue(Activations.states().get("mana.wrappers.cart:TopoProvider").startsWith("waiting"));
        assertTrue(switched.isEmpty());
    }

    @Test
    void theProviderSwitchesOnRightBeforeTheTargetEventAndNotBefore() {
        Activations.agreeWith(readyCalls::incrementAndGet);
        deferTopo();
        Activations.event();
        Activations.event();
        long n = Activations.arm(1);
        assertEquals(2, n);
        Activations.target(1, 5, Set.of("mana.wrappers.cart:TopoProvider"));
        Activations.event(); // 3
        Activations.event(); // 4
        assertTrue(switched.isEmpty(), "events before the target see nothing new");
        Activations.event(); // 5: switched on before it proceeds
        assertEquals(List.of("cart"), switched);
        assertEquals("", Activations.pendingKeys());
        assertTrue(Activations.states().get("mana.wrappers.cart:TopoProvider").startsWith("active"));
    }

    @Test
    void aRankDoesNotPassItsLimitUntilTheTargetIsKnown() throws Exception {
        Activations.agreeWith(readyCalls::incrementAndGet);
        List<Thread> switchedBy = new ArrayList<>();
        Activations.defer("mana.wrappers.cart", TopoProvider.class, "cart-provider", () -> {
            switched.add("cart");
            switchedBy.add(Thread.currentThread());
        });
        assertEquals(0, Activations.arm(7));
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean passed = new AtomicBoolean();
        Thread app = new Thread(() -> {
            started.countDown();
            Activations.event(); // event 1 = the limit: waits
            passed.set(true);
        });
        app.start();
        started.await();
        app.join(300); // a bound for the check, not a speed assertion: it must still be waiting
        assertFalse(passed.get(), "the rank passed its limit without a target");
        Activations.target(7, 1, Set.of("mana.wrappers.cart:TopoProvider"));
        app.join(TimeUnit.SECONDS.toMillis(30));
        assertTrue(passed.get());
        assertEquals(List.of("cart"), switched, "event 1 was the target: switched on before it went on");
        // by the application's thread itself: the call at the target event must find the provider on
        assertEquals(List.of(app), switchedBy);
    }

    @Test
    void aLaterRoundDoesNotLoseTheSwitchAnEarlierRoundAgreed() {
        // rank 1 of the CI failure: round 1 agreed T=5; before this rank reached it, round 2
        // (another provider of the bundle) was armed; the switch at 5 must still happen
        Activations.agreeWith(readyCalls::incrementAndGet);
        deferTopo();
        Activations.defer("mana.wrappers.cart", CommProvider.class, "cart-comm", () -> switched.add("cart-comm"));
        Activations.arm(1);
        Activations.target(1, 5, Set.of("mana.wrappers.cart:TopoProvider"));
        Activations.event(); // 1
        assertEquals(1, Activations.arm(2));
        Activations.target(2, 3, Set.of("mana.wrappers.cart:CommProvider"));
        Activations.event(); // 2
        assertTrue(switched.isEmpty());
        Activations.event(); // 3: round 2's switch
        assertEquals(List.of("cart-comm"), switched);
        Activations.event(); // 4
        Activations.event(); // 5: round 1's switch, not lost
        assertEquals(List.of("cart-comm", "cart"), switched);
        assertEquals("", Activations.pendingKeys());
    }

    @Test
    void aCancelledRoundLetsTheRankGoOnAndTheProviderKeepsWaiting() {
        Activations.agreeWith(readyCalls::incrementAndGet);
        deferTopo();
        Activations.arm(3);
        Activations.cancel(3);
        Activations.event(); // would wait at the limit if the round were still armed
        assertTrue(switched.isEmpty());
        assertEquals("mana.wrappers.cart:TopoProvider", Activations.pendingKeys());
    }

    @Test
    void onlyTheAgreedProvidersSwitchOnTheOthersWaitForTheNextRound() {
        Activations.agreeWith(readyCalls::incrementAndGet);
        deferTopo();
        Activations.defer("mana.wrappers.io", FileProvider.class, "io-provider", () -> switched.add("io"));
        Activations.arm(1);
        Activations.target(1, 1, Set.of("mana.wrappers.io:FileProvider"));
        int before = readyCalls.get();
        Activations.event();
        assertEquals(List.of("io"), switched);
        assertEquals("mana.wrappers.cart:TopoProvider", Activations.pendingKeys());
        assertEquals(before + 1, readyCalls.get(), "what still waits is announced again");
    }

    @Test
    void aRefusedBundleNeverSwitchesOnAndSaysWhy() {
        Activations.agreeWith(readyCalls::incrementAndGet);
        deferTopo();
        Activations.refuse("mana.wrappers.cart", "rank 2: cannot be resolved");
        assertEquals("", Activations.pendingKeys());
        assertEquals("refused: rank 2: cannot be resolved", Activations.states().get("mana.wrappers.cart"));
    }

    @Test
    void aProviderWithdrawnWhileWaitingLeavesNothingBehind() {
        Activations.agreeWith(readyCalls::incrementAndGet);
        deferTopo();
        assertTrue(Activations.withdraw("mana.wrappers.cart", TopoProvider.class, "cart-provider"));
        assertEquals("", Activations.pendingKeys());
        assertFalse(Activations.withdraw("mana.wrappers.cart", TopoProvider.class, "cart-provider"));
    }

    @Test
    void aCallThatNoProviderServesIsAnEventAndTheCallWhoseEventSwitchesItOnIsServedByIt() throws Exception {
        Activations.agreeWith(readyCalls::incrementAndGet);
        GroupProvider real = group -> 42;
        Activations.defer("mana.wrappers.comm", GroupProvider.class, real, () -> FunctionTable.install(GroupProvider.class, real));
        try {
            Activations.arm(1);
            Activations.target(1, 2, Set.of("mana.wrappers.comm:GroupProvider"));
            mana.core.error.ManaException e = org.junit.jupiter.api.Assertions.assertThrows(mana.core.error.ManaException.class,
                    () -> FunctionTable.group().size(5), "event 1: still no provider");
            assertTrue(e.getMessage().contains("MPI_Group_size"), e.getMessage());
            assertEquals(42, FunctionTable.group().size(5), "event 2: the provider it switched on serves the call");
            assertEquals(2, Activations.events());
        } finally {
            FunctionTable.install(GroupProvider.class, null);
        }
    }

    @Test
    void withoutAnAgreementALeavingProviderIsToBeSwitchedOffAtOnce() {
        assertFalse(Activations.retire("mana.wrappers.cart", TopoProvider.class, () -> switched.add("off")));
        assertTrue(switched.isEmpty(), "the caller switches it off");
    }

    @Test
    void aLeavingProviderServesUntilTheAgreedEventAndTheApplicationThreadSwitchesItOff() throws Exception {
        Activations.agreeWith(readyCalls::incrementAndGet);
        List<Thread> offBy = new ArrayList<>();
        AtomicBoolean retired = new AtomicBoolean();
        Thread stopper = new Thread(() -> retired.set(Activations.retire("mana.wrappers.cart", TopoProvider.class, () -> {
            switched.add("off");
            offBy.add(Thread.currentThread());
        })));
        stopper.start();
        waitFor(() -> Activations.pendingKeys().equals("-mana.wrappers.cart:TopoProvider"));
        assertEquals(1, readyCalls.get(), "the agent is told that a provider is leaving");
        assertTrue(Activations.states().get("mana.wrappers.cart:TopoProvider").startsWith("leaving"));
        Activations.event(); // 1
        assertEquals(1, Activations.arm(4));
        Activations.target(4, 3, Set.of("-mana.wrappers.cart:TopoProvider"));
        Activations.event(); // 2
        stopper.join(300); // a bound for the check, not a speed assertion: it must still be waiting
        assertTrue(stopper.isAlive(), "the bundle's stop waits for the agreed event");
        assertTrue(switched.isEmpty(), "before the target the provider still serves");
        Activations.event(); // 3: switched off before this call goes on
        assertEquals(List.of("off"), switched);
        assertEquals(List.of(Thread.currentThread()), offBy, "by the application's thread, at its event");
        stopper.join(TimeUnit.SECONDS.toMillis(30));
        assertTrue(retired.get());
        assertEquals("", Activations.pendingKeys());
        assertTrue(Activations.states().get("mana.wrappers.cart:TopoProvider").startsWith("removed on every rank"));
    }

    @Test
    void finalizingSwitchesOffWhatIsLeavingAndEndsTheAgreement() throws Exception {
        Activations.agreeWith(readyCalls::incrementAndGet);
        AtomicBoolean retired = new AtomicBoolean();
        Thread stopper = new Thread(() -> retired.set(Activations.retire("mana.wrappers.cart", TopoProvider.class,
                () -> switched.add("off"))));
        stopper.start();
        waitFor(() -> !Activations.pendingKeys().isEmpty());
        Activations.finalizing();
        stopper.join(TimeUnit.SECONDS.toMillis(30));
        assertEquals(List.of("off"), switched);
        assertTrue(retired.get());
        assertFalse(deferTopo(), "after MPI_Finalize a provider switches on at once");
    }

    @Test
    void worldCollectivesAndObjectMakersOfAProviderSwitchedOnByAgreementAreEventsAndTheCallAtTheEventThatSwitchesItOffFallsBack()
            throws Exception {
        TopoProvider real = (TopoProvider) java.lang.reflect.Proxy.newProxyInstance(TopoProvider.class.getClassLoader(),
                new Class<?>[] {TopoProvider.class}, (proxy, method, args) -> method.getName().equals("createCart") ? 77
                        : method.getName().equals("cartShift") ? new int[] {1, 2} : null);
        TopoProvider counted = Activations.counting(TopoProvider.class, real);
        FunctionTable.install(TopoProvider.class, counted);
        int world = WorldCollectives.WORLD;
        try {
            assertTrue(FunctionTable.isProvided(TopoProvider.class), "a counting stand-in is a real provider");
            assertEquals(77, FunctionTable.topo().createCart(world, new int[] {2}, new boolean[] {true}, false));
            assertEquals(1, Activations.events(), "a collective on MPI_COMM_WORLD is an event");
            FunctionTable.topo().createCart(world + 1, new int[] {2}, new boolean[] {true}, false);
            assertEquals(2, Activations.events(), "a call making a new object is an event on any communicator");
            FunctionTable.topo().cartGet(77);
            assertEquals(2, Activations.events(), "a local call on an object is not");
            Activations.agreeWith(readyCalls::incrementAndGet);
            Activations.arm(1);
            Activations.target(1, 3, Set.of("-mana.wrappers.cart:TopoProvider"));
            // what the binder's retire does, with the table's switch-off as the agreed action
            new Thread(() -> Activations.retire("mana.wrappers.cart", TopoProvider.class,
                    () -> FunctionTable.install(TopoProvider.class, null))).start();
            waitFor(() -> !Activations.pendingKeys().isEmpty());
            FunctionTable.topo().cartGet(77); // not an event: still served
            mana.core.error.ManaException e = org.junit.jupiter.api.Assertions.assertThrows(mana.core.error.ManaException.class,
                    () -> FunctionTable.topo().createCart(world, new int[] {2}, new boolean[] {true}, false),
                    "event 3 switched it off: this very call falls back");
            assertTrue(e.getMessage().contains("MPI_Cart_create"), e.getMessage());
            assertEquals(3, Activations.events(), "the fallback does not count the call twice");
        } finally {
            FunctionTable.install(TopoProvider.class, null);
        }
    }

    @Test
    void callsOfAHotAddedProviderThatMakeANewObjectAreEventsOtherLocalCallsAreNot() {
        assertTrue(WorldCollectives.makers(TypeProvider.class).stream().anyMatch(m -> m.getName().equals("contiguous")
                || m.getAnnotation(MpiName.class).value().equals("MPI_Type_contiguous")));
        assertTrue(WorldCollectives.makers(TypeProvider.class).stream()
                .noneMatch(m -> m.getAnnotation(MpiName.class).value().equals("MPI_Type_free")
                        || m.getAnnotation(MpiName.class).value().equals("MPI_Type_commit")));
        assertTrue(WorldCollectives.makers(TopoProvider.class).stream()
                .noneMatch(m -> m.getAnnotation(MpiName.class).value().equals("MPI_Cart_shift")));
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30); // a bound against a hang, not a timing
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 30 s");
            }
            Thread.sleep(5);
        }
    }
}
