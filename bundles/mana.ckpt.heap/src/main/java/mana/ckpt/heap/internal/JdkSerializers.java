package mana.ckpt.heap.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.Formatter;
import java.util.FormatterClosedException;
import java.util.Locale;

/**
 * JDK objects that the streams over files hold and that cannot go by fields: plain lock objects,
 * charset coders (rebuilt from their charset and error actions: between two writes a stream's
 * coder holds no input of its own), the error-action constants (identity matters), a
 * {@code Formatter} (printf), and {@code Path}s of the default file system (by name).
 */
final class JdkSerializers {

    private JdkSerializers() {
    }

    /** The serializer for {@code type}, or null when it is none of these. */
    static Serializer<?> forType(Class<?> type) {
        if (type == Object.class) {
            return new PlainObject();
        }
        if (CharsetEncoder.class.isAssignableFrom(type)) {
            return new Encoder();
        }
        if (CharsetDecoder.class.isAssignableFrom(type)) {
            return new Decoder();
        }
        if (type == CodingErrorAction.class) {
            return new Action();
        }
        if (type == Formatter.class) {
            return new FormatterSerializer();
        }
        if (Path.class.isAssignableFrom(type) && type.getModule().isNamed()) {
            return new DefaultPath();
        }
        return null;
    }

    /** new Object(): a lock. */
    static final class PlainObject extends Serializer<Object> {
        @Override
        public void write(Kryo kryo, Output output, Object o) {
        }

        @Override
        public Object read(Kryo kryo, Input input, Class<?> type) {
            return new Object();
        }
    }

    static final class Encoder extends Serializer<CharsetEncoder> {
        @Override
        public void write(Kryo kryo, Output out, CharsetEncoder e) {
            out.writeString(e.charset().name());
            out.writeString(e.malformedInputAction().toString());
            out.writeString(e.unmappableCharacterAction().toString());
            byte[] r = e.replacement();
            out.writeVarInt(r.length, true);
            out.writeBytes(r);
        }

        @Override
        public CharsetEncoder read(Kryo kryo, Input in, Class<? extends CharsetEncoder> type) {
            CharsetEncoder e = Charset.forName(in.readString()).newEncoder();
            e.onMalformedInput(action(in.readString())).onUnmappableCharacter(action(in.readString()));
            return e.replaceWith(in.readBytes(in.readVarInt(true)));
        }
    }

    static final class Decoder extends Serializer<CharsetDecoder> {
        @Override
        public void write(Kryo kryo, Output out, CharsetDecoder d) {
            out.writeString(d.charset().name());
            out.writeString(d.malformedInputAction().toString());
            out.writeString(d.unmappableCharacterAction().toString());
            out.writeString(d.replacement());
        }

        @Override
        public CharsetDecoder read(Kryo kryo, Input in, Class<? extends CharsetDecoder> type) {
            CharsetDecoder d = Charset.forName(in.readString()).newDecoder();
            d.onMalformedInput(action(in.readString())).onUnmappableCharacter(action(in.readString()));
            return d.replaceWith(in.readString());
        }
    }

    static final class Action extends Serializer<CodingErrorAction> {
        @Override
        public void write(Kryo kryo, Output out, CodingErrorAction a) {
            out.writeString(a.toString());
        }

        @Override
        public CodingErrorAction read(Kryo kryo, Input in, Class<? extends CodingErrorAction> type) {
            return action(in.readString());
        }
    }

    static CodingErrorAction action(String name) {
        return switch (name) {
            case "IGNORE" -> CodingErrorAction.IGNORE;
            case "REPLACE" -> CodingErrorAction.REPLACE;
            case "REPORT" -> CodingErrorAction.REPORT;
            default -> throw new KryoException("unknown coding error action in the image: " + name);
        };
    }

    /** A Formatter (PrintWriter.printf makes one) as its destination and locale. */
    static final class FormatterSerializer extends Serializer<Formatter> {
        @Override
        public void write(Kryo kryo, Output out, Formatter f) {
            Appendable a;
            try {
                a = f.out();
            } catch (FormatterClosedException e) {
                throw new KryoException(HeapKryo.REFUSED + "a closed java.util.Formatter");
            }
            kryo.writeClassAndObject(out, a);
            kryo.writeClassAndObject(out, f.locale());
        }

        @Override
        public Formatter read(Kryo kryo, Input in, Class<? extends Formatter> type) {
            Appendable a = (Appendable) kryo.readClassAndObject(in);
            Locale l = (Locale) kryo.readClassAndObject(in);
            return new Formatter(a, l);
        }
    }

    /** A path of the default file system, by its string. */
    static final class DefaultPath extends Serializer<Path> {
        @Override
        public void write(Kryo kryo, Output out, Path p) {
            if (p.getFileSystem() != FileSystems.getDefault()) {
                throw new KryoException(HeapKryo.REFUSED + "a path of another file system (" + p.getFileSystem() + ")");
            }
            out.writeString(p.toString());
        }

        @Override
        public Path read(Kryo kryo, Input in, Class<? extends Path> type) {
            return Path.of(in.readString());
        }
    }
}
