package mana.ckpt.heap.rank;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Another thread in the application's own code refuses the checkpoint, naming it; other threads do not. */
class AppThreadsTest {

    /** The application's code: defined by {@link AppLoader} (the application bundle's loader in a rank). */
    public static final class Busy implements Runnable {
        private final CountDownLatch inside;
        private final CountDownLatch release;

        public Busy(CountDownLatch inside, CountDownLatch release) {
            this.inside = inside;
            this.release = release;
        }

        @Override
        public void run() {
            inside.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Defines {@link Busy} itself (as the application bundle defines the application's classes); the rest from its parent. */
    static final class AppLoader extends ClassLoader {
        AppLoader() {
            super(AppThreadsTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(Busy.class.getName())) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                        byte[] b = in.readAllBytes();
                        c = defineClass(name, b, 0, b.length);
                    } catch (IOException e) {
                        throw new ClassNotFoundException(name, e);
                    }
                }
                return c;
            }
        }
    }

    final AppLoader app = new AppLoader();

    private Thread start(String name, CountDownLatch inside, CountDownLatch release) throws ReflectiveOperationException {
        Runnable busy = (Runnable) app.loadClass(Busy.class.getName()).getConstructor(CountDownLatch.class, CountDownLatch.class)
                .newInstance(inside, release);
        Thread t = new Thread(busy, name);
        t.start();
        return t;
    }

    @Test
    void aThreadRunningTheApplicationsCodeIsNamed() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread worker = start("app-worker", inside, release);
        try {
            assertTrue(inside.await(10, TimeUnit.SECONDS));
            String why = AppThreads.problem(app, Thread.currentThread());
            assertTrue(why != null && why.contains("thread \"app-worker\"") && why.contains("AppThreadsTest$Busy.run"), String.valueOf(why));
            assertTrue(why.contains("only the main thread is checkpointed"), why);
            assertNull(AppThreads.problem(app, worker), "the thread that is main is never its own problem");
        } finally {
            release.countDown();
            worker.join(10_000);
        }
        assertNull(AppThreads.problem(app, Thread.currentThread()), "once the thread has ended, nothing is refused");
    }

    @Test
    void threadsRunningOnlyOtherCodeAreNotTheApplications() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try {
            pool.submit(() -> { }).get(10, TimeUnit.SECONDS); // idle workers wait in the JDK's queue
            // code the application's loader does not define itself (it only sees it through its parent)
            Thread other = new Thread(() -> {
                inside.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "other-worker");
            other.start();
            assertTrue(inside.await(10, TimeUnit.SECONDS));
            assertNull(AppThreads.problem(app, Thread.currentThread()));
            release.countDown();
            other.join(10_000);
        } finally {
            release.countDown();
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }
}
