package io.bloomgate.sync;

import io.bloomgate.filter.BloomFilter;
import io.bloomgate.filter.BloomFilters;
import io.bloomgate.filter.FilterFormatException;
import io.bloomgate.filter.FilterLayout;
import io.bloomgate.filter.FilterSpec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.zip.CRC32C;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A guard's filter as saved in {@code bloomgate.snapshots.data} (PostgreSQL and MySQL/MariaDB alike),
 * with what is needed to trust it: which column, key type and table definition it was built for
 * (the {@code signature}, which each database composes), the change-log position it covers (in the
 * database's own text form: PostgreSQL's {@code pg_snapshot}, MySQL's high-water mark and holes),
 * and its key counts. The filter itself is in the engine's own checksummed format; the whole has a
 * CRC32C trailer too. Whether the position can still be replayed is the database's check; whether
 * the rest fits the guard is {@link #usable}'s. Public only for the database packages.
 *
 * <pre>
 * magic     4  "BLGS"
 * version   2  1
 * signature    UTF-8 (modified, as DataOutput.writeUTF): schema.table.column and the key type
 * position     UTF-8: the log position the filter covers (the database's text form)
 * layout       UTF-8: the FilterLayout's name
 * expected  8, fpp 8 (double), seed 8: the filter's sizing
 * liveKeys  8, staleKeys 8
 * length    4, filter bytes (BloomFilter.writeTo)
 * crc       4  CRC32C of everything before it
 * </pre>
 */
public record GuardSnapshot(String signature, String position, FilterSpec spec, long liveKeys, long staleKeys,
        BloomFilter filter) {

    private static final Logger LOG = LoggerFactory.getLogger(GuardSnapshot.class);

    static final int MAGIC = 0x424C4753; // "BLGS"
    static final int VERSION = 1;

    /** The snapshot's bytes, as stored (a position's modified UTF-8 form may not pass 65,535 bytes). */
    public byte[] encode() throws IOException {
        ByteArrayOutputStream filterBytes = new ByteArrayOutputStream();
        filter.writeTo(filterBytes);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(filterBytes.size() + 256);
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(MAGIC);
        out.writeShort(VERSION);
        out.writeUTF(signature);
        out.writeUTF(position);
        out.writeUTF(spec.layout().name());
        out.writeLong(spec.expectedKeys());
        out.writeDouble(spec.targetFpp());
        out.writeLong(spec.seed());
        out.writeLong(liveKeys);
        out.writeLong(staleKeys);
        out.writeInt(filterBytes.size());
        filterBytes.writeTo(out);
        CRC32C crc = new CRC32C();
        crc.update(bytes.toByteArray());
        out.writeInt((int) crc.getValue());
        out.flush();
        return bytes.toByteArray();
    }

    /**
     * Decodes a snapshot.
     *
     * @throws FilterFormatException if it is corrupt or of a version this jar does not read, saying which
     */
    public static GuardSnapshot decode(byte[] data) throws FilterFormatException {
        if (data.length < 10) {
            throw new FilterFormatException("snapshot too short: " + data.length + " bytes");
        }
        CRC32C crc = new CRC32C();
        crc.update(data, 0, data.length - 4);
        int stored = ((data[data.length - 4] & 0xFF) << 24) | ((data[data.length - 3] & 0xFF) << 16)
                | ((data[data.length - 2] & 0xFF) << 8) | (data[data.length - 1] & 0xFF);
        if ((int) crc.getValue() != stored) {
            throw new FilterFormatException("snapshot checksum mismatch: the stored bytes are corrupt");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data, 0, data.length - 4))) {
            if (in.readInt() != MAGIC) {
                throw new FilterFormatException("not a bloomgate snapshot (bad magic number)");
            }
            int version = in.readUnsignedShort();
            if (version != VERSION) {
                throw new FilterFormatException("snapshot version " + version + " is not readable by this jar (reads "
                        + VERSION + ")");
            }
            String signature = in.readUTF();
            String position = in.readUTF();
            FilterLayout layout = FilterLayout.valueOf(in.readUTF());
            FilterSpec spec = new FilterSpec(layout, in.readLong(), in.readDouble(), in.readLong());
            long live = in.readLong();
            long stale = in.readLong();
            int length = in.readInt();
            if (length != in.available()) {
                throw new FilterFormatException("snapshot filter length " + length + " does not match the "
                        + in.available() + " bytes stored");
            }
            BloomFilter filter = BloomFilters.readFrom(in);
            return new GuardSnapshot(signature, position, spec, live, stale, filter);
        } catch (FilterFormatException e) {
            throw e;
        } catch (IOException | IllegalArgumentException e) {
            throw new FilterFormatException("corrupt snapshot: " + e.getMessage(), e);
        }
    }

    /**
     * Decodes a stored snapshot and checks it fits {@code guard}: made for {@code signature} (its
     * column, key type and whatever else the database puts there), with the guard's configured
     * layout, false-positive rate and seed. Returns null, logging why, if it does not (the guard is
     * then built by scan); null data (no snapshot) returns null silently.
     */
    public static GuardSnapshot usable(byte[] data, Guard guard, String signature) {
        if (data == null) {
            return null;
        }
        GuardSnapshot snapshot;
        try {
            snapshot = decode(data);
        } catch (FilterFormatException e) {
            LOG.warn("The snapshot of {} is unusable ({}); building it by scan instead", guard, e.getMessage());
            return null;
        }
        FilterSpec wanted = guard.requestedSpec();
        String why = null;
        if (!snapshot.signature().equals(signature)) {
            why = "it was made for " + snapshot.signature() + ", the guard is " + signature;
        } else if (snapshot.spec().layout() != wanted.layout() || snapshot.spec().targetFpp() != wanted.targetFpp()
                || snapshot.spec().seed() != wanted.seed()) {
            why = "it has layout " + snapshot.spec().layout() + " at rate " + snapshot.spec().targetFpp()
                    + ", the gate is configured for " + wanted.layout() + " at " + wanted.targetFpp();
        }
        if (why != null) {
            LOG.warn("The snapshot of {} does not fit ({}); building it by scan instead", guard, why);
            return null;
        }
        return snapshot;
    }
}
