// Monopoly bank unit: parametric enclosure (OpenSCAD 2021.01 or later).
//
// Parts, each printed on its own (render one with -D 'part="base"'):
//   base        box: battery bay with a bottom hatch, cradles for the two MFRC522 readers,
//               the GREEN and RED card slots in the back wall, USB and switch openings
//   slot_block  the two card tunnels over the readers; print it standing on its back face
//   lid         top plate: OLED window, keypad cut-out (membrane or tactile), piezo holes,
//               bosses for the Pico and the OLED; print it upside down
//   hatch       battery hatch
//   assembly    everything, exploded, with cards in the slots (the preview picture)
//
// Card, keypad sizes come from keypads.scad, written by `make hardware` from
// tools/hardware/geometry.py (the same numbers as the printed keypad legends).
// `make enclosure` renders every part to build/enclosure/ and the preview PNG.

include <keypads.scad>

/* [Build] */
part = "assembly"; // [assembly, base, slot_block, lid, hatch]
matrix = "4x4";    // keypad of the lid: a matrix listed in keypads.scad
explode = 28;      // mm between parts in the assembly view

/* [Shell] */
wall = 2.4;
floor_t = 2.0;
lid_t = 2.4;
corner_r = 5;
base_h = 30;       // floor to lid, outside
fit = 0.3;         // clearance between printed parts

/* [Card slots] */
slot_clear = 1.2;  // width clearance around the 53.98 mm card
slot_h = 1.8;      // tunnel height for a 0.76 mm card
slot_depth = 60;   // how far a card goes in (25.6 mm stays out to grab)
rail = 5;          // material beside and between the tunnels
block_skin = 1.2;  // tunnel floor and roof

/* [Readers] */
reader = [40, 60, 1.6];  // RC522 board
reader_standoff = 4;     // under the board, room for solder joints
reader_parts_h = 4;      // tallest part on top (crystal)

/* [Display] */
oled_pcb = [27.3, 27.8];
oled_window = [24.0, 13.0];
oled_window_offset = [0, 2.5];  // window centre from the PCB centre, towards the back
oled_holes = [23.5, 23.8];      // M2 hole spacing; measure your module
oled_glass_h = 1.8;             // glass above the PCB: the boss length

/* [Pico] */
pico = [21, 51];
pico_holes = [11.4, 47.0];
pico_boss_h = 4;

/* [Battery] */
bay = [62, 52, 17];   // inside; a 3 x AA holder is about 58 x 47 x 16
hatch_t = 2.0;

/* [Keypad] */
keypad_margin = 7;    // lid edge (front) to the keypad
tail_slot = [22, 2.2];
perfboard_boss_h = 6; // tactile matrix board below the lid

$fn = 32;
eps = 0.01;

// ---- derived sizes -------------------------------------------------------------------------
slot_w = card[1] + slot_clear;
inner_w = 2 * slot_w + 3 * rail;
kp_max_h = max([for (k = keypads) k[4][1]]);
inner_d = keypad_margin + kp_max_h + 6 + oled_pcb[1] + 6;
W = inner_w + 2 * wall;
D = inner_d + 2 * wall;
block_z = floor_t + reader_standoff + reader[2] + reader_parts_h;  // slot block underside
block_h = 2 * block_skin + slot_h;
block_d = slot_depth + 2;                                          // 2 mm card stop
slot_x = [wall + rail + slot_w / 2, wall + 2 * rail + 1.5 * slot_w];  // GREEN, RED centres
oled_c = [W / 2, wall + keypad_margin + kp_max_h + 6 + oled_pcb[1] / 2];
pico_c = [W - wall - 8 - pico[1] / 2, D - wall - 6 - pico[0] / 2];   // long side along x
bay_o = [wall + 4, wall + 4];
post_d = 8;

kp = keypads[search([matrix], keypads)[0]];
kp_kind = kp[1];
kp_rows = kp[2];
kp_cols = kp[3];
kp_outline = kp[4];
kp_key = kp[5];
kp_pitch = kp[6];
kp_tail = kp[7];
kp_tail_edge = kp[8];  // "bottom": towards the front of the lid, below the last row of keys
kp_c = [W / 2, wall + keypad_margin + kp_max_h / 2];

assert(len(search([matrix], keypads)) == 1, str("no keypad ", matrix, " in keypads.scad"));

// ---- helpers -------------------------------------------------------------------------------
module rounded_box(size, r) {
    hull() for (x = [r, size[0] - r], y = [r, size[1] - r])
        translate([x, y, 0]) cylinder(r = r, h = size[2]);
}

module corners(inset) {
    for (x = [inset, W - inset], y = [inset, D - inset]) translate([x, y, 0]) children();
}

module key_centres() {
    for (r = [0 : kp_rows - 1], c = [0 : kp_cols - 1])
        translate([kp_c[0] + (c - (kp_cols - 1) / 2) * kp_pitch[0],
                   kp_c[1] - (r - (kp_rows - 1) / 2) * kp_pitch[1], 0]) children();
}

// ---- base ----------------------------------------------------------------------------------
module reader_cradle(cx) {
    y0 = D - wall - 5 - reader[1];
    for (x = [cx - reader[0] / 2, cx + reader[0] / 2], y = [y0, y0 + reader[1]]) {
        translate([x - 3, y - 3, 0]) cube([6, 6, floor_t + reader_standoff]);
        // guides outside the board's corners keep it from sliding
        translate([x + (x < cx ? -4.5 : 1.5) , y + (y < y0 + 1 ? -4.5 : 1.5), 0])
            cube([3, 3, floor_t + reader_standoff + reader[2] + 1.5]);
    }
}

module block_supports() {
    // under the three rails of the slot block, with an M3 hole for each fixing screw
    for (x = [wall + rail / 2, W / 2, W - wall - rail / 2], y = [D - wall - block_d + 6,
                                                                  D - wall - 8])
        translate([x, y, 0]) difference() {
            cylinder(d = rail + 1, h = block_z);
            translate([0, 0, block_z - 8]) cylinder(d = 2.6, h = 9);
        }
}

module base() {
    difference() {
        union() {
            difference() {
                rounded_box([W, D, base_h], corner_r);
                translate([wall, wall, floor_t]) rounded_box([inner_w, inner_d, base_h],
                                                             corner_r - wall);
            }
            corners(wall + post_d / 2 - 1) cylinder(d = post_d, h = base_h);
            for (cx = slot_x) reader_cradle(cx);
            block_supports();
            // battery bay walls and the thicker frame the hatch screws into
            translate([bay_o[0] - 1.6, bay_o[1] - 1.6, 0])
                difference() {
                    cube([bay[0] + 3.2, bay[1] + 3.2, floor_t + 2 + bay[2] * 0.5]);
                    translate([1.6, 1.6, floor_t + 2]) cube([bay[0], bay[1], bay[2]]);
                }
        }
        // lid screw holes (M3 heat-set inserts)
        corners(wall + post_d / 2 - 1) translate([0, 0, base_h - 7]) cylinder(d = 4.2, h = 8);
        // battery hatch opening, with a recess so the hatch sits flush
        translate([bay_o[0] + 3, bay_o[1] + 3, -eps]) cube([bay[0] - 6, bay[1] - 6, 10]);
        translate([bay_o[0] - fit, bay_o[1] - fit, -eps])
            cube([bay[0] + 2 * fit, bay[1] + 2 * fit, hatch_t + eps]);
        for (x = [bay_o[0] + bay[0] / 2 - 20, bay_o[0] + bay[0] / 2 + 20])
            translate([x, bay_o[1] + 1.5, -eps]) cylinder(d = 2.6, h = floor_t + 4);
        // GREEN and RED card slots, with a lead-in chamfer
        for (cx = slot_x)
            translate([cx, D - wall - eps, block_z + block_skin + slot_h / 2]) {
                cube([slot_w, 3 * wall, slot_h], center = true);
                hull() {
                    translate([0, wall, 0]) cube([slot_w + 4, eps, slot_h + 3], center = true);
                    translate([0, wall / 2, 0]) cube([slot_w, eps, slot_h], center = true);
                }
            }
        // micro-USB of the Pico (right wall), a notch open to the top
        translate([W - wall - 1, pico_c[1] - 6, base_h - 11]) cube([wall + 2, 12, 12]);
        // power switch window (left wall, by the battery bay)
        translate([-1, bay_o[1] + bay[1] + 10, floor_t + 8]) cube([wall + 2, 9, 4.5]);
    }
}

// ---- slot block ----------------------------------------------------------------------------
module slot_block() {
    difference() {
        cube([inner_w - 2 * fit, block_d, block_h]);
        for (cx = slot_x)
            translate([cx - wall - fit - slot_w / 2, block_d - slot_depth, block_skin])
                cube([slot_w, slot_depth + eps, slot_h]);
        // fixing screws into the supports
        for (x = [rail / 2, inner_w / 2, inner_w - rail / 2], y = [6, block_d - 6])
            translate([x - fit, y, -eps]) cylinder(d = 3.3, h = block_h + 1);
    }
}

// ---- lid -----------------------------------------------------------------------------------
module keypad_cutout() {
    if (kp_kind == "membrane") {
        // a shallow seat for the adhesive membrane and the slot for its ribbon tail, at the
        // edge the tail leaves (the bottom one, towards the front: the keys read upright)
        translate([kp_c[0] - kp_outline[0] / 2 - fit, kp_c[1] - kp_outline[1] / 2 - fit,
                   lid_t - 0.6])
            cube([kp_outline[0] + 2 * fit, kp_outline[1] + 2 * fit, 1]);
        slot_w = max(tail_slot[0], kp_tail + 2);
        slot_y = kp_tail_edge == "top" ? kp_c[1] + kp_outline[1] / 2 - tail_slot[1] - 2
                                       : kp_c[1] - kp_outline[1] / 2 + 2;
        translate([kp_c[0] - slot_w / 2, slot_y, -eps])
            cube([slot_w, tail_slot[1], lid_t + 1]);
    } else {
        key_centres() translate([0, 0, lid_t / 2])
            cube([kp_key[0] + 2 * fit + 0.4, kp_key[1] + 2 * fit + 0.4, lid_t + 1],
                 center = true);
    }
}

module lid() {
    difference() {
        union() {
            rounded_box([W, D, lid_t], corner_r);
            // bosses below the plate (z < 0 once flipped onto the base)
            translate([pico_c[0], pico_c[1], 0]) for (dx = [-1, 1], dy = [-1, 1])
                translate([dx * pico_holes[1] / 2, dy * pico_holes[0] / 2, -pico_boss_h])
                    cylinder(d = 5, h = pico_boss_h + eps);
            translate([oled_c[0], oled_c[1], 0]) for (dx = [-1, 1], dy = [-1, 1])
                translate([dx * oled_holes[0] / 2, dy * oled_holes[1] / 2, -oled_glass_h])
                    cylinder(d = 4.5, h = oled_glass_h + eps);
            if (kp_kind != "membrane")
                for (dx = [-1, 1], dy = [-1, 1])
                    translate([kp_c[0] + dx * (kp_outline[0] / 2 + 4),
                               kp_c[1] + dy * (kp_outline[1] / 2 - 6), -perfboard_boss_h])
                        cylinder(d = 5, h = perfboard_boss_h + eps);
        }
        corners(wall + post_d / 2 - 1) {
            translate([0, 0, -1]) cylinder(d = 3.4, h = lid_t + 2);
            translate([0, 0, lid_t - 1.6]) cylinder(d1 = 3.4, d2 = 6.6, h = 1.6 + eps);
        }
        // display window, chamfered towards the top
        translate([oled_c[0] + oled_window_offset[0], oled_c[1] + oled_window_offset[1], 0])
            hull() {
                translate([0, 0, -eps]) cube([oled_window[0], oled_window[1], eps], center = true);
                translate([0, 0, lid_t + eps])
                    cube([oled_window[0] + 2 * lid_t, oled_window[1] + 2 * lid_t, eps],
                         center = true);
            }
        // screw holes in the bosses (M2 self-tapping)
        translate([pico_c[0], pico_c[1], 0]) for (dx = [-1, 1], dy = [-1, 1])
            translate([dx * pico_holes[1] / 2, dy * pico_holes[0] / 2, -pico_boss_h - 1])
                cylinder(d = 1.8, h = pico_boss_h + 1);
        translate([oled_c[0], oled_c[1], 0]) for (dx = [-1, 1], dy = [-1, 1])
            translate([dx * oled_holes[0] / 2, dy * oled_holes[1] / 2, -oled_glass_h - 1])
                cylinder(d = 1.8, h = oled_glass_h + 1);
        keypad_cutout();
        // piezo: a ring of sound holes right of the keypad
        translate([W - wall - 12, wall + keypad_margin + 12, -eps])
            for (a = [0 : 60 : 359]) rotate(a) translate([3.5, 0, 0])
                cylinder(d = 1.6, h = lid_t + 1, $fn = 12);
        translate([W - wall - 12, wall + keypad_margin + 12, -eps])
            cylinder(d = 1.6, h = lid_t + 1, $fn = 12);
        // slot names, engraved above each slot
        for (i = [0, 1])
            translate([slot_x[i], D - wall - 7, lid_t - 0.6])
                linear_extrude(1) text(i == 0 ? "GREEN" : "RED", size = 6, halign = "center",
                                       valign = "center", font = "DejaVu Sans:style=Bold");
    }
}

// ---- hatch ---------------------------------------------------------------------------------
module hatch() {
    difference() {
        cube([bay[0], bay[1], hatch_t]);
        for (x = [bay[0] / 2 - 20, bay[0] / 2 + 20])
            translate([x, 1.5 + fit, -eps]) {
                cylinder(d = 3.4, h = hatch_t + 1);
            }
        translate([bay[0] / 2, bay[1] - 6, hatch_t - 0.5]) linear_extrude(1)
            text("3 x AA", size = 5, halign = "center", valign = "center",
                 font = "DejaVu Sans:style=Bold");
    }
}

// ---- assembly (preview picture) ------------------------------------------------------------
module card(colour) {
    color(colour) cube([card[1], card[0], card[2]]);
}

module assembly() {
    color("#d8d8d8") base();
    for (cx = slot_x)
        color("#2a5db0") translate([cx - reader[0] / 2, D - wall - 5 - reader[1],
                                    floor_t + reader_standoff]) cube(reader);
    translate([wall + fit, D - wall - block_d, block_z])
        color("#f4f4f4") slot_block();
    for (i = [0, 1])  // GREEN card pushed home, RED card on its way in
        translate([slot_x[i] - card[1] / 2, D - wall - slot_depth + (i == 0 ? 0 : 30),
                   block_z + block_skin + (slot_h - card[2]) / 2])
            card(i == 0 ? "#2e9e44" : "#d23a3a");
    color("#303030") translate([bay_o[0], bay_o[1], -explode]) hatch();
    translate([0, 0, base_h + explode]) {
        color("#eeeeee") lid();
        if (kp_kind == "membrane") {
            color("#202020") translate([kp_c[0] - kp_outline[0] / 2, kp_c[1] - kp_outline[1] / 2,
                                        lid_t - 0.5]) cube([kp_outline[0], kp_outline[1], 0.8]);
            color("#bdbdbd") key_centres() translate([-kp_key[0] / 2, -kp_key[1] / 2, lid_t + 0.3])
                cube([kp_key[0], kp_key[1], 0.2]);
        } else {
            color("#bdbdbd") key_centres() translate([-kp_key[0] / 2, -kp_key[1] / 2, lid_t - 1])
                cube([kp_key[0], kp_key[1], 3]);
        }
        color("#101010") translate([oled_c[0] - oled_pcb[0] / 2, oled_c[1] - oled_pcb[1] / 2,
                                    -oled_glass_h - 1.6]) cube([oled_pcb[0], oled_pcb[1], 1.6]);
        color("#1b7a2e") translate([pico_c[0] - pico[1] / 2, pico_c[1] - pico[0] / 2,
                                    -pico_boss_h - 1]) cube([pico[1], pico[0], 1]);
    }
}

if (part == "base") base();
else if (part == "slot_block") rotate([-90, 0, 0]) translate([0, -block_d, 0]) slot_block();
else if (part == "lid") rotate([180, 0, 0]) lid();
else if (part == "hatch") hatch();
else assembly();
