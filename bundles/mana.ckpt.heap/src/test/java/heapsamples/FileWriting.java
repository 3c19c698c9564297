package heapsamples;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.DataOutputStream;
import java.io.FileOutputStream;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;
import testmpi.Mpi;

/**
 * Writes result files through every kind of stream a program uses, reads an input file line by
 * line, with a cut point call each step; prints each file's CRC at the end. Args: DIR STEPS.
 */
public class FileWriting {
    public static final String[] FILES = {"log.txt", "data.bin", "table.bin", "chan.txt", "append.txt", "raw.txt", "nio.txt", "ps.txt"};

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        int steps = Integer.parseInt(args[1]);
        Path input = dir.resolve("input.txt");
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(input))) {
            for (int i = 0; i < steps; i++) {
                w.println("line " + i * i + " \u00e9t\u00e9");
            }
        }
        BufferedReader in = new BufferedReader(new FileReader(input.toFile(), StandardCharsets.UTF_8));
        PrintWriter log = new PrintWriter(new BufferedWriter(new FileWriter(dir.resolve("log.txt").toFile())));
        DataOutputStream data = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(dir.resolve("data.bin").toFile())));
        RandomAccessFile table = new RandomAccessFile(dir.resolve("table.bin").toFile(), "rw");
        FileChannel chan = FileChannel.open(dir.resolve("chan.txt"), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        PrintStream app = new PrintStream(new FileOutputStream(dir.resolve("append.txt").toFile(), true), false, "UTF-8");
        FileOutputStream raw = new FileOutputStream(dir.resolve("raw.txt").toString());
        FileChannel rawChan = raw.getChannel();
        BufferedWriter nio = Files.newBufferedWriter(dir.resolve("nio.txt"));
        PrintStream ps = new PrintStream(dir.resolve("ps.txt").toString());
        for (int i = 0; i < steps; i++) {
            String line = in.readLine();
            log.printf("step %d read %s%n", i, line);
            data.writeLong(i * 31L);
            data.writeUTF(line);
            table.seek(i * 16L + 8);   // a record's second half first, then its first: seeks within the step
            table.writeLong(i);
            table.seek(i * 16L);
            table.writeLong(-i);
            chan.write(ByteBuffer.wrap(("c" + i + "\n").getBytes(StandardCharsets.US_ASCII)));
            app.println("append " + i);
            raw.write(("r" + i + "\n").getBytes(StandardCharsets.US_ASCII));
            if (i % 3 == 0) {
                rawChan.write(ByteBuffer.wrap("#\n".getBytes(StandardCharsets.US_ASCII)));
            }
            nio.write("n" + i);
            nio.newLine();
            ps.print("p" + i + ' ');
            if (i % 4 == 3) {
                log.flush();
            }
            Mpi.barrier();
        }
        in.close();
        log.close();
        data.close();
        table.close();
        chan.close();
        app.close();
        raw.close();
        nio.close();
        ps.close();
        StringBuilder sums = new StringBuilder("files");
        for (String f : FILES) {
            CRC32 c = new CRC32();
            c.update(Files.readAllBytes(dir.resolve(f)));
            sums.append(' ').append(f).append('=').append(Long.toHexString(c.getValue()));
        }
        System.out.println(sums);
    }
}
