package mana.ckpt.store;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import mana.ckpt.store.CheckpointException.Problem;

/**
 * A checkpoint's manifest: format version, job id, sequence number, world size, creation time,
 * one {@link RankFileInfo} per rank (index = rank) and free-form string properties. Stored as
 * {@code manifest.mana}, checksummed as a whole (layout in FORMAT.md).
 */
public record Manifest(int formatVersion, String jobId, long seq, int worldSize, Instant created,
                       List<RankFileInfo> ranks, Map<String, String> properties) {

    public Manifest {
        ranks = List.copyOf(ranks);
        properties = Collections.unmodifiableMap(new TreeMap<>(properties));
        if (ranks.size() != worldSize) {
            throw new IllegalArgumentException("manifest lists " + ranks.size() + " rank files for world size " + worldSize);
        }
        for (int r = 0; r < ranks.size(); r++) {
            if (ranks.get(r).rank() != r) throw new IllegalArgumentException("rank entries must be in rank order");
        }
    }

    /** The serialized bytes, including the trailing CRC32C. */
    public byte[] toBytes() {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(bytes);
            out.write(CheckpointFormat.MANIFEST_MAGIC);
            out.writeInt(formatVersion);
            writeString(out, jobId);
            out.writeLong(seq);
            out.writeInt(worldSize);
            out.writeLong(created.getEpochSecond());
            out.writeInt(created.getNano());
            for (RankFileInfo r : ranks) {
                out.writeInt(r.rank());
                writeString(out, r.fileName());
                out.writeLong(r.size());
                out.writeInt(r.crc32c());
            }
            out.writeInt(properties.size());
            for (Map.Entry<String, String> e : properties.entrySet()) {
                writeString(out, e.getKey());
                writeString(out, e.getValue());
            }
            out.flush();
            byte[] body = bytes.toByteArray();
            out.writeInt(CheckpointFormat.crc32c(body, 0, body.length));
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new AssertionError(e); // in-memory stream
        }
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    /** Reads and checks a manifest file: magic, version, checksum, structure. */
    public static Manifest read(Path file) throws CheckpointException {
        byte[] b;
        try {
            long size = Files.size(file);
            if (size > CheckpointFormat.MAX_MANIFEST_BYTES) {
                throw new CheckpointCorruptException(Problem.CORRUPT, file, null, -1,
                        "manifest is " + size + " bytes, larger than any manifest this code writes");
            }
            b = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new CheckpointException(Problem.MISSING_FILE, "manifest missing: " + file);
        } catch (CheckpointException e) {
            throw e;
        } catch (IOException e) {
            throw new CheckpointException(Problem.IO, "cannot read manifest " + file + ": " + e, e);
        }
        return parse(file, b);
    }

    static Manifest parse(Path file, byte[] b) throws CheckpointException {
        byte[] magic = CheckpointFormat.MANIFEST_MAGIC;
        if (b.length < magic.length + 4 || !Arrays.equals(b, 0, magic.length, magic, 0, magic.length)) {
            throw new UnsupportedFormatException(file, -1, "not a MANA checkpoint manifest (bad magic): " + file);
        }
        ByteBuffer in = ByteBuffer.wrap(b);
        in.position(magic.length);
        int version = in.getInt();
        if (version != CheckpointFormat.FORMAT_VERSION) {
            throw new UnsupportedFormatException(file, version, "manifest " + file + " has format version " + version
                    + "; this MANA reads format version " + CheckpointFormat.FORMAT_VERSION
                    + CheckpointFormat.versionHint(version));
        }
        if (b.length < magic.length + 8) {
            throw new CheckpointCorruptException(Problem.TRUNCATED, file, null, b.length, "manifest ends after its header");
        }
        int stored = ByteBuffer.wrap(b, b.length - 4, 4).getInt();
        int actual = CheckpointFormat.crc32c(b, 0, b.length - 4);
        if (stored != actual) {
            throw new CheckpointCorruptException(Problem.CHECKSUM, file, null, 0,
                    "manifest checksum mismatch over bytes 0.." + (b.length - 4) + ": stored "
                            + CheckpointFormat.hex(stored) + ", computed " + CheckpointFormat.hex(actual));
        }
        try {
            in.limit(b.length - 4);
            String jobId = readString(in);
            long seq = in.getLong();
            int worldSize = in.getInt();
            if (worldSize <= 0 || worldSize > in.remaining()) throw new IllegalArgumentException("world size " + worldSize);
            Instant created = Instant.ofEpochSecond(in.getLong(), in.getInt());
            RankFileInfo[] ranks = new RankFileInfo[worldSize];
            for (int r = 0; r < worldSize; r++) {
                ranks[r] = new RankFileInfo(in.getInt(), readString(in), in.getLong(), in.getInt());
            }
            int n = in.getInt();
            if (n < 0) throw new IllegalArgumentException("property count " + n);
            Map<String, String> props = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) props.put(readString(in), readString(in));
            if (in.hasRemaining()) throw new IllegalArgumentException(in.remaining() + " unexpected trailing bytes");
            return new Manifest(version, jobId, seq, worldSize, created, List.of(ranks), props);
        } catch (BufferUnderflowException | IllegalArgumentException | java.time.DateTimeException e) {
            throw new CheckpointCorruptException(Problem.CORRUPT, file, null, in.position(),
                    "manifest structure is inconsistent although its checksum matches: " + e.getMessage());
        }
    }

    private static String readString(ByteBuffer in) {
        int len = in.getInt();
        if (len < 0 || len > in.remaining()) throw new IllegalArgumentException("string length " + len);
        byte[] s = new byte[len];
        in.get(s);
        return new String(s, StandardCharsets.UTF_8);
    }
}
