package mana.weaver.internal;

import java.util.ArrayList;
import java.util.List;
import mana.weaver.api.CutPolicy;

/** Asks for a capture at the k-th cut point call (1-based), and at every later one while declined. */
public final class CaptureAt implements CutPolicy {
    private final int k;
    private int calls;
    public final List<String> declines = new ArrayList<>();

    public CaptureAt(int k) {
        this.k = k;
    }

    @Override
    public boolean shouldCapture(String owner, String method) {
        return ++calls >= k;
    }

    @Override
    public void declined(String owner, String method, String reason) {
        declines.add(method + ": " + reason);
    }
}
