package mana.ckpt.store;

/** What the manifest records about one rank file: its name, size and CRC32C of the whole file. */
public record RankFileInfo(int rank, String fileName, long size, int crc32c) {
    @Override
    public String toString() {
        return "rank " + rank + ": " + fileName + ", " + size + " bytes, crc32c " + CheckpointFormat.hex(crc32c);
    }
}
