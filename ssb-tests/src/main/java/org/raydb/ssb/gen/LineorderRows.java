package org.raydb.ssb.gen;

import java.util.SplittableRandom;
import org.raydb.ssb.schema.SsbTable;

/**
 * {@code lineorder}, generated order by order as the reference generator does: an order has a date
 * (uniform over the first 2,406 days), a customer, a priority and 1 to 7 lines; each line a uniform part and
 * supplier, quantity 1..50, discount 0..10, tax 0..8, a commit date 30 to 90 days after the order and a ship
 * mode. Prices are integers in cents: the part's retail price (TPC-H's formula of the part key) times the
 * quantity, revenue = extendedprice * (100 - discount) / 100, supplycost = 6/10 of the retail price, and the
 * order total sums each line's discounted, taxed price. Order keys are sparse as in TPC-H (8 used, 24 skipped),
 * customer keys that are multiples of 3 never order (TPC-H's rule, kept by the reference generator).
 */
final class LineorderRows implements TableRows {

    static final int CHUNK_ORDERS = 1 << 14;
    private static final int MAX_LINES = 7;

    private final long seed;
    private final long orders;
    private final long customers;
    private final long parts;
    private final long suppliers;

    LineorderRows(long seed, ScaleFactor sf) {
        this.seed = seed;
        this.orders = sf.orders();
        this.customers = sf.customers();
        this.parts = sf.parts();
        this.suppliers = sf.suppliers();
    }

    @Override
    public SsbTable table() {
        return SsbTable.LINEORDER;
    }

    @Override
    public int chunkCount() {
        return (int) ((orders + CHUNK_ORDERS - 1) / CHUNK_ORDERS);
    }

    @Override
    public long expectedRows() {
        return orders * (1 + MAX_LINES) / 2;
    }

    @Override
    public int rowsPerChunkHint() {
        return CHUNK_ORDERS * (2 + MAX_LINES) / 2;
    }

    @Override
    public long appendChunk(int chunk, RowSink out) {
        SplittableRandom random = ChunkRandom.forChunk(seed, SsbTable.LINEORDER, chunk);
        Lines lines = new Lines();
        long first = (long) chunk * CHUNK_ORDERS + 1;
        long last = Math.min(orders, first + CHUNK_ORDERS - 1);
        long rows = 0;
        for (long order = first; order <= last; order++) {
            rows += appendOrder(order, random, lines, out);
        }
        return rows;
    }

    private int appendOrder(long order, SplittableRandom random, Lines lines, RowSink out) {
        int orderKey = sparseOrderKey(order);
        int day = random.nextInt(Calendar.ORDER_DAYS);
        int orderDate = Calendar.datekey(day);
        int customer = orderingCustomer(ChunkRandom.key(random, customers));
        String priority = RandomText.pick(random, Vocabulary.ORDER_PRIORITIES);
        int count = ChunkRandom.between(random, 1, MAX_LINES);
        long total = 0;
        for (int i = 0; i < count; i++) {
            total += lines.draw(i, random, day);
        }
        for (int i = 0; i < count; i++) {
            out.integer(orderKey)
                    .integer(i + 1)
                    .integer(customer)
                    .integer(lines.part[i])
                    .integer(lines.supplier[i])
                    .integer(orderDate)
                    .text(priority)
                    .text("0")
                    .integer(lines.quantity[i])
                    .integer(lines.extendedPrice[i])
                    .integer((int) total)
                    .integer(lines.discount[i])
                    .integer(lines.revenue[i])
                    .integer(lines.supplyCost[i])
                    .integer(lines.tax[i])
                    .integer(lines.commitDate[i])
                    .text(lines.shipMode[i])
                    .endRow();
        }
        return count;
    }

    /** The lines of one order, drawn before any is written because each carries the order's total. */
    private final class Lines {
        final int[] part = new int[MAX_LINES];
        final int[] supplier = new int[MAX_LINES];
        final int[] quantity = new int[MAX_LINES];
        final int[] discount = new int[MAX_LINES];
        final int[] tax = new int[MAX_LINES];
        final int[] extendedPrice = new int[MAX_LINES];
        final int[] revenue = new int[MAX_LINES];
        final int[] supplyCost = new int[MAX_LINES];
        final int[] commitDate = new int[MAX_LINES];
        final String[] shipMode = new String[MAX_LINES];

        /** Draws line {@code i} and returns its contribution to the order total. */
        long draw(int i, SplittableRandom random, int orderDay) {
            part[i] = ChunkRandom.key(random, parts);
            supplier[i] = ChunkRandom.key(random, suppliers);
            quantity[i] = ChunkRandom.between(random, Domains.QUANTITY.min(), Domains.QUANTITY.max());
            discount[i] = ChunkRandom.between(random, Domains.DISCOUNT.min(), Domains.DISCOUNT.max());
            tax[i] = ChunkRandom.between(random, Domains.TAX.min(), Domains.TAX.max());
            commitDate[i] = Calendar.datekey(orderDay + ChunkRandom.between(random, 30, 90));
            shipMode[i] = RandomText.pick(random, Vocabulary.SHIP_MODES);
            int retailPrice = retailPrice(part[i]);
            extendedPrice[i] = retailPrice * quantity[i];
            revenue[i] = extendedPrice[i] * (100 - discount[i]) / 100;
            supplyCost[i] = 6 * retailPrice / 10;
            return (long) revenue[i] * (100 + tax[i]) / 100;
        }
    }

    /** TPC-H's retail price of a part, in cents: 900.00 + (key/10 mod 20001)/100 + (key mod 1000). */
    static int retailPrice(int partKey) {
        return 90_000 + (partKey / 10) % 20_001 + (partKey % 1000) * 100;
    }

    /** TPC-H's sparse order keys: of every 32 keys the first 8 are used. */
    static int sparseOrderKey(long order) {
        return (int) (((order >>> 3) << 5) | (order & 7));
    }

    /** Customers whose key is a multiple of 3 place no orders; their draws go to a neighbour. */
    private int orderingCustomer(int key) {
        if (key % 3 != 0) {
            return key;
        }
        return key == customers ? key - 1 : key + 1;
    }
}
